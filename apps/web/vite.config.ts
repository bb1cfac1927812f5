import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type PluginOption } from "vite";

/** Where `npx vite` forwards `/api` and the socket during development. */
const apiTarget = process.env.VITRINE_API ?? "http://127.0.0.1:8080";

/**
 * Vendor code is split by family so a route only downloads what it renders: pages are lazy,
 * and `embed.html` (plain-DOM viewer, its own entry) loads none of the react, mantine, icons,
 * i18n or socket chunks — `src/embed/embed-size.test.ts` checks it on a real build.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes("node_modules")) return undefined;
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return "react";
  if (/[\\/]node_modules[\\/]@mantine[\\/]/.test(id)) return "mantine";
  if (/[\\/]node_modules[\\/]@tabler[\\/]/.test(id)) return "icons";
  if (/[\\/]node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector)[\\/]/.test(id)) {
    return "i18n";
  }
  if (
    /[\\/]node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser)/.test(id)
  ) {
    return "socket";
  }
  if (/[\\/]node_modules[\\/]three[\\/]/.test(id)) return "three";
  return undefined;
}

export default defineConfig({
  // The plugin's types come from the root's Vite 8 (pulled in by Vitest); at run time it works with 7.
  plugins: [react() as unknown as PluginOption],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // Two pages: the app (index.html) and the embed (embed.html, served for /embed).
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        embed: fileURLToPath(new URL("./embed.html", import.meta.url)),
      },
      output: { manualChunks: vendorChunk },
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/socket.io": { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
