import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { minify } from "terser";
import { defineConfig, type PluginOption } from "vite";
import { meshoptDecoderFor, trimThree } from "./scripts/vite-trim-three";

/** Where `npx vite` (`npm run dev`) forwards `/api`, the socket and `/blobs` during development. */
const apiTarget = process.env.VITRINE_API ?? "http://127.0.0.1:8080";

/**
 * The contract's call modules in five chunks of about equal weight (counted in zod builders:
 * 2,000 in all; one chunk per module cost 8.7 kB more brotli on the wire). Every group imports
 * only from "content" (and itself), so the chunks keep the modules' order of evaluation:
 * content ← admin, channels, exhibition, production, qna, sharing; admin ← matching, payments,
 * plans; accounts ← matching; realtime ← chat.
 */
const CALL_CHUNKS: Record<string, string> = {
  content: "content",
  sharing: "content",
  accounts: "content",
  "platform-config": "content",
  system: "content",
  realtime: "content",
  channels: "channels",
  chat: "channels",
  exhibition: "exhibition",
  analytics: "exhibition",
  admin: "admin",
  plans: "admin",
  payments: "admin",
  matching: "admin",
  qna: "qna",
  production: "qna",
};

/**
 * The chunk of a call module's file: a module's schema and upload files (`channels-schemas`,
 * `channels-public-schemas`, `content-uploads`) travel with its calls; `fields` (the builders the
 * call modules share) with "content", which every group may import.
 */
function callChunk(file: string): string | undefined {
  if (file === "fields") return CALL_CHUNKS.content;
  const module = Object.keys(CALL_CHUNKS).find((name) => file === name || file.startsWith(`${name}-`));
  return module === undefined ? undefined : CALL_CHUNKS[module];
}

/**
 * Vendor code is split by family so a route only downloads what it renders: pages are lazy,
 * and `embed.html` (plain-DOM viewer, its own entry) loads none of the react, mantine, icons,
 * i18n or socket chunks — `src/embed/embed-size.test.ts` checks it on a real build.
 */
function vendorChunk(id: string): string | undefined {
  // The view rows (page timing, the tracker, their shared parts, the embed's starter) travel as
  // one chunk: `/embed` loads it once a link has resolved, and one file compresses better than four.
  if (/[\\/]src[\\/](lib[\\/]tracking[\\/](page-timing|tracker|view-log)|embed[\\/]track)\.ts$/.test(id)) {
    return "track";
  }
  // The contract: zod and the shared schemas in one chunk, the calls in five (CALL_CHUNKS).
  // Building the schemas is most of the app entry's evaluation; as separate chunks the
  // prerendered / (public/home-start.js) evaluates them one per task instead of in one long
  // task. The envelope's core is a chunk of its own: `/embed` uses it without zod.
  const contract = /[\\/]packages[\\/]contract[\\/]src[\\/]([\w/\\-]+)\.ts$/
    .exec(id)?.[1]
    ?.replace(/\\/g, "/");
  const call = contract?.startsWith("calls/") ? callChunk(contract.slice("calls/".length)) : undefined;
  if (call) return `calls-${call}`;
  if (contract === "envelope-core") return "envelope";
  if (contract && /^(call|validation|ids|plans|channel-data|envelope)$/.test(contract)) return "contract";
  if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return "contract";
  if (!id.includes("node_modules")) return undefined;
  // React and the router apart: the prerendered / evaluates them in two tasks, not one.
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return "react";
  if (/[\\/]node_modules[\\/]react-router[\\/]/.test(id)) return "router";
  // Charts (and recharts under them) load with the studio's Analytics section only.
  if (/[\\/]node_modules[\\/]@mantine[\\/]charts[\\/]/.test(id)) return undefined;
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
  // The Draco loader is imported on demand (Draco files only): it stays a chunk of its own.
  if (/[\\/]DRACOLoader\.js$/.test(id)) return undefined;
  if (/[\\/]node_modules[\\/]three[\\/]/.test(id)) return "three";
  return undefined;
}

/** Modules of the chunks `/embed` loads: three.js, the viewer engine and element, the embed. */
const EMBED_MODULE =
  /[\\/]node_modules[\\/]three[\\/]|[\\/]packages[\\/]viewer[\\/]src[\\/]|[\\/]src[\\/]embed[\\/]/;

/**
 * Minifies the chunks `/embed` loads a second time with terser (3 passes), after Vite wrote
 * them: about 5 kB less gzip than esbuild alone on three.js, which is what keeps `/embed` under
 * its budget. Only those chunks, so the rest of the build stays fast.
 */
function terserEmbedChunks(): PluginOption {
  let outDir = "dist";
  return {
    name: "vitrine:terser-embed-chunks",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const chunks = Object.values(bundle).filter(
        (chunk) => chunk.type === "chunk" && Object.keys(chunk.modules).some((id) => EMBED_MODULE.test(id)),
      );
      await Promise.all(
        chunks.map(async (chunk) => {
          const file = join(dir, chunk.fileName);
          const code = await readFile(file, "utf8");
          const out = await minify(code, {
            module: true,
            ecma: 2020,
            compress: { passes: 3 },
            mangle: true,
            format: { comments: false },
          });
          if (out.code) await writeFile(file, out.code);
        }),
      );
    },
  };
}

/**
 * The same terser pass for the engine's worker (`packages/viewer/src/worker/engine-worker.ts`,
 * three.js and the viewer): Vite builds a worker on its own and emits its files as assets of
 * the page's build, so they are minified here, chunk by chunk, as Vite renders them.
 */
function terserWorkerChunks(): PluginOption {
  return {
    name: "vitrine:terser-worker-chunks",
    apply: "build",
    enforce: "post",
    // After Vite's own minifier (renderChunk), as the page's pass runs after its files are written.
    async generateBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle).map(async (chunk) => {
          if (chunk.type !== "chunk") return;
          const out = await minify(chunk.code, {
            module: true,
            ecma: 2020,
            compress: { passes: 3 },
            mangle: true,
            format: { comments: false },
          });
          if (out.code) chunk.code = out.code;
        }),
      );
    },
  };
}

/**
 * `embed.html` (`/embed`, `/share/<id>`) preloads the engine's files (`@vitrine/viewer/element`
 * and what it imports: three.js, the viewer) with `modulepreload` links: they download and
 * compile while the page resolves its link, but run only when the embed imports them, after the
 * poster is on screen (`src/embed/embed.ts`), so the engine's first run never holds the poster back.
 */
function preloadEmbedEngine(): PluginOption {
  return {
    name: "vitrine:preload-embed-engine",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.filename.endsWith("embed.html") || !ctx.bundle) return html;
        const bundle = ctx.bundle;
        const element = Object.values(bundle).find(
          (chunk) =>
            chunk.type === "chunk" &&
            chunk.isDynamicEntry &&
            chunk.moduleIds.some((id) =>
              /[\\/]packages[\\/]viewer[\\/]src[\\/]element[\\/]index\.ts$/.test(id),
            ),
        );
        if (element?.type !== "chunk") {
          throw new Error(
            "embed.html: the viewer element's chunk was not found; review vitrine:preload-embed-engine",
          );
        }
        const files: string[] = [];
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== "chunk" || files.includes(fileName)) return;
          files.push(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(element.fileName);
        return files
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: "", href: `/${file}` },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

/** Files worth sending compressed. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|txt|webmanifest)$/;

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `.br` and `.gz` beside every text file of the build (after the other plugins rewrote
 * theirs), so the server's static handler (`preCompressed`) sends them to browsers that accept
 * them: the app needs no compressing proxy to send what the budgets measure.
 */
function precompress(): PluginOption {
  let outDir = "dist";
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: "vitrine:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const body = await readFile(file);
          const [brotli, gzipped] = await Promise.all([
            br(body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  // The plugin's types come from the root's Vite 8 (pulled in by Vitest); at run time it works with 7.
  plugins: [
    react() as unknown as PluginOption,
    trimThree(),
    meshoptDecoderFor("base"),
    preloadEmbedEngine(),
    terserEmbedChunks(),
    precompress(),
  ],
  // The viewer's engine worker: an ES module (it imports the Draco loader on demand), with
  // three.js trimmed and minified as on the page.
  worker: {
    format: "es",
    plugins: () => [trimThree(), meshoptDecoderFor("simd"), terserWorkerChunks()],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    // scripts/prerender.mjs reads which files the home page's chunk needs.
    manifest: true,
    chunkSizeWarningLimit: 900,
    // Every browser we support preloads modules itself; the polyfill would weigh on /embed.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Two pages: the app (index.html) and the embed (embed.html, served for /embed and for
      // the visitor's share page /share/<id>, which is the embed's path with a bar).
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
      "/blobs": { target: apiTarget, changeOrigin: true },
    },
  },
});
