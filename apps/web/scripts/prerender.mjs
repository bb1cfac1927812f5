#!/usr/bin/env node
// Renders the landing page into `dist/home.<lang>.html` after `vite build` (issue 17): the server
// sends it for `/` to visitors who are not signed in, so the page paints before the app runs.
//
// 1. Builds `src/prerender/home.tsx` for Node with the app's own Vite config (same CSS-module
//    class names as the browser build) into a temporary directory.
// 2. Renders `/` in each of the app's languages and writes the app's shell with that markup in
//    `#root`, the language and colour scheme on `<html>`, the page's title, the stylesheets (the
//    home page chunk's too, read from the build's manifest) and, instead of the module script,
//    public/home-start.js with the entry and the modules to preload; gzip and brotli beside.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const HOME_PAGE = "src/features/marketing/pages/HomePage.tsx";

/** The home page chunk's own files and those of the chunks it imports (not the entry's). */
function homeAssets(manifest) {
  const css = new Set();
  const js = new Set();
  const visit = (key, isTop) => {
    const chunk = manifest[key];
    if (!chunk || (!isTop && chunk.isEntry)) return;
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
  };
  visit(HOME_PAGE, true);
  if (js.size === 0) throw new Error(`${HOME_PAGE} is not in the build's manifest`);
  return { css: [...css], js: [...js] };
}

const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

const ssrDir = await mkdtemp(join(tmpdir(), "vitrine-prerender-"));
try {
  await build({
    root,
    configFile: join(root, "vite.config.ts"),
    logLevel: "error",
    build: {
      ssr: "src/prerender/home.tsx",
      outDir: ssrDir,
      emptyOutDir: true,
      rollupOptions: { input: "src/prerender/home.tsx", output: { manualChunks: undefined } },
    },
    // Bundled, not required at render time: Mantine and the icons ship CSS and ESM Node cannot load.
    ssr: { noExternal: true },
  });
  const { renderHome, HOME_LANGUAGES } = await import(pathToFileURL(join(ssrDir, "home.js")).href);
  const manifest = JSON.parse(await readFile(join(dist, ".vite", "manifest.json"), "utf8"));
  const assets = homeAssets(manifest);
  // The built shell without its stylesheets, module preloads and module script: they come back
  // together at the end of <head>, stylesheets first (the page paints from HTML and CSS alone;
  // over HTTP/1.1's six connections per host, in Vite's order the CSS waited behind the scripts).
  const built = await readFile(join(dist, "index.html"), "utf8");
  const linked = (rel) =>
    [...built.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, "g"))].map((m) => m[1]);
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(built)?.[1];
  if (!entry) throw new Error("the shell has no module entry");
  const sheets = linked("stylesheet");
  const preloads = linked("modulepreload");
  const isNew = (file) => !sheets.includes(`/${file}`) && !preloads.includes(`/${file}`);
  // The language's translations (src/i18n/index.ts loads the visitor's only): evaluated last,
  // before the entry, which then finds them in place.
  const bundle = (language) => {
    const chunk = manifest[`src/i18n/bundle-${language}.ts`];
    if (!chunk) throw new Error(`the build has no translations chunk for ${language}`);
    return `/${chunk.file}`;
  };
  const head = (language) => [
    ...[...sheets, ...assets.css.filter(isNew).map((file) => `/${file}`)].map(
      (href) => `<link rel="stylesheet" crossorigin href="${href}">`,
    ),
    // The app's entry and modules start once the page has painted (public/home-start.js): the
    // entry's own imports (`data-modules`, Vite's order, then the page's language) are evaluated
    // one per task before it, the home page's chunks (`data-preload`) are only fetched beside them.
    `<script defer src="/home-start.js" data-entry="${entry}" data-modules="${[...preloads, bundle(language)].join(" ")}" data-preload="${assets.js
      .filter(isNew)
      .map((file) => `/${file}`)
      .join(" ")}"></script>`,
  ];
  const stripped = built
    .replace(/\s*<link rel="(?:stylesheet|modulepreload)" crossorigin href="[^"]+">/g, "")
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, "");
  const shell = (language) => stripped.replace("</head>", `  ${head(language).join("\n    ")}\n  </head>`);
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  for (const language of HOME_LANGUAGES) {
    const { html, title } = await renderHome(language);
    const page = shell(language)
      .replace(/<html lang="[^"]*">/, `<html lang="${language}" data-mantine-color-scheme="light">`)
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="home">${html}</div>`);
    if (!page.includes('data-prerendered="home"')) throw new Error("the shell has no empty #root");
    const file = join(dist, `home.${language}.html`);
    const body = Buffer.from(page);
    await writeFile(file, body);
    await writeFile(`${file}.br`, await br(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
    console.log(`prerendered / (${language}): ${file} ${(body.length / 1024).toFixed(1)} kB`);
  }
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}
