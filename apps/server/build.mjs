/**
 * Bundles the server: src/main.ts → dist/main.js (ESM, Node 20, with source map), and beside it
 * the model-processing child the server starts for each model,
 * src/modules/content/pipeline/processing-child.ts → dist/processing-child.js (processing-runner.ts). Packages from
 * node_modules stay external and load at run time; our workspace packages (`@vitrine/*`, shipped
 * as TypeScript source) are bundled in, and so are drizzle-orm, jose, fastify and its @fastify
 * plugins: spread over many small files, which Node resolves and reads one by one at every start
 * (about 0.1 s of CPU each group; bench/README.md, server-memory). Their own dependencies stay
 * external.
 */
import { build } from "esbuild";

/** Bundled into dist/main.js instead of loaded from node_modules. */
const BUNDLED = /^(@vitrine\/|drizzle-orm(\/|$)|jose$|fastify$|@fastify\/)/;

/** Marks every bare import external except those {@link BUNDLED}. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (BUNDLED.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [
    new URL("./src/main.ts", import.meta.url).pathname,
    new URL("./src/modules/content/pipeline/processing-child.ts", import.meta.url).pathname,
  ],
  outdir: new URL("./dist", import.meta.url).pathname,
  entryNames: "[name]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  legalComments: "none",
  plugins: [externalPackages],
  // Some CommonJS dependencies call require() from inside the ESM bundle.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "info",
});
