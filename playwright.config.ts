/**
 * Browser journeys against the production build (`npm run build` first): Debian's Chromium,
 * WebGL through SwiftShader, every spec in English and Korean.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** The test server's port; `E2E_PORT` moves it when 4173 is taken on a shared machine. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * The port of Toss Payments' stand-in (apps/server/test/support/toss-stand-in.ts: its API and its
 * card window's SDK), clear of PORT + 1…4, where the embed journeys' host pages listen.
 */
const TOSS_PORT = PORT + 9;
const TOSS = { secretKey: "test_sk_e2e", clientKey: "test_ck_e2e" };
/** Support contacts the test server publishes (specs read them back from /api/client-config). */
const E2E_SUPPORT = { phone: "+82-2-555-0199", email: "support@vitrine.test" };

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

// Playwright loads this file in every worker too; only the runner's copy starts the server.
const dataDir = process.env.VITRINE_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "vitrine-e2e-"));
process.env.VITRINE_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "apps/web/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A click waits for its target to be free: something covering it fails in a minute, not at
    // the test's own (long, WebGL-sized) timeout.
    actionTimeout: 60_000,
    trace: "retain-on-failure",
    launchOptions: { executablePath: "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "en", use: { ...devices["Desktop Chrome"], locale: "en-US", channel: undefined } },
    { name: "ko", use: { ...devices["Desktop Chrome"], locale: "ko-KR", channel: undefined } },
  ],
  webServer: [
    {
      command: "node --import tsx apps/server/test/support/toss-stand-in.ts",
      url: `http://127.0.0.1:${TOSS_PORT}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { TOSS_PORT: String(TOSS_PORT), TOSS_SECRET_KEY: TOSS.secretKey },
    },
    {
      command: "node apps/server/dist/main.js",
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        SUPPORT_PHONE: E2E_SUPPORT.phone,
        SUPPORT_EMAIL: E2E_SUPPORT.email,
        // Account journeys each send their own X-Forwarded-For, so the per-IP sign-in limits
        // count each journey apart instead of every test sharing 127.0.0.1.
        TRUST_PROXY: "127.0.0.1",
        // A super account for journeys that need one (marking a model produced); its set-password
        // link lands in the outbox at start.
        SUPER_ADMIN_EMAIL: "e2e-super@example.com",
        // Manual payments show where to transfer (billing journey).
        PAYMENT_TRANSFER_BANK: "Hana Bank",
        PAYMENT_TRANSFER_ACCOUNT: "123-456789-01234",
        PAYMENT_TRANSFER_HOLDER: "Vitrine Inc.",
        // Cards through Toss Payments (KRW), answered by the stand-in (billing-card journey).
        TOSS_SECRET_KEY: TOSS.secretKey,
        TOSS_CLIENT_KEY: TOSS.clientKey,
        TOSS_API_URL: `http://127.0.0.1:${TOSS_PORT}`,
        TOSS_SDK_URL: `http://127.0.0.1:${TOSS_PORT}/v2/standard`,
      },
    },
  ],
});
