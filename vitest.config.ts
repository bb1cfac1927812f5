import { defineConfig } from "vitest/config";

/** One Vitest run for every unit and API test; Playwright runs the browser journeys. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contract",
          root: "packages/contract",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
        },
      },
      {
        test: {
          name: "viewer",
          root: "packages/viewer",
          include: ["src/**/*.test.ts"],
          environment: "jsdom",
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: "scripts",
          root: "scripts",
          include: ["**/*.test.mjs"],
          environment: "node",
        },
      },
      {
        test: {
          name: "bench",
          root: "bench",
          include: ["**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
