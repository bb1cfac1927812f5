/**
 * Bundles the server: src/main.ts → dist/main.js (ESM, Node 20, with source map). Packages from
 * node_modules stay external and load at run time; our workspace packages (`@vitrine/*`, shipped
 * as TypeScript source) are bundled in.
 */
import { build } from "esbuild";

/** Marks every bare import external except `@vitrine/*`. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@vitrine/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [new URL("./src/main.ts", import.meta.url).pathname],
  outfile: new URL("./dist/main.js", import.meta.url).pathname,
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
