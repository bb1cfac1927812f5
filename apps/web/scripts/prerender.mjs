#!/usr/bin/env node
// Renders the landing page into `dist/home.<lang>.html` after `vite build` (issue 17): the server
// sends it for `/` to visitors who are not signed in, so the page paints before the app runs.
//
// 1. Builds `src/prerender/home.tsx` for Node with the app's own Vite config (same CSS-module
//    class names as the browser build) into a temporary directory.
// 2. Renders `/` in each language and writes the app's shell with that markup in `#root`, the
//    language and colour scheme on `<html>`, the page's title, and the home page chunk's
//    stylesheets and module preloads (read from the build's manifest), gzip and brotli beside.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const LANGUAGES = ["ko", "en"];
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
  const { renderHome } = await import(pathToFileURL(join(ssrDir, "home.js")).href);
  const manifest = JSON.parse(await readFile(join(dist, ".vite", "manifest.json"), "utf8"));
  const assets = homeAssets(manifest);
  // Stylesheets first: the page paints from HTML and CSS alone, so they go ahead of the scripts
  // (six connections per host over HTTP/1.1; in Vite's order the CSS waited behind them).
  const built = await readFile(join(dist, "index.html"), "utf8");
  const sheets = built.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
  const shell = sheets
    .reduce((html, sheet) => html.replace(sheet, ""), built)
    .replace(
      /(\s*)<script type="module"/,
      (_, space) => `${space}${sheets.map((s) => s.trim()).join(space)}${space}<script type="module"`,
    );
  // The shell already links the entry's own files.
  const isNew = (file) => !shell.includes(`"/${file}"`);
  const pageSheets = assets.css
    .filter(isNew)
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  // The app's entry and modules start once the page has painted (public/home-start.js).
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)?.[1];
  if (!entry) throw new Error("the shell has no module entry");
  const preloads = [
    ...[...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
    ...assets.js.filter(isNew).map((file) => `/${file}`),
  ];
  const starter = `<script defer src="/home-start.js" data-entry="${entry}" data-preload="${preloads.join(" ")}"></script>`;
  const scriptless = shell
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, "")
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, starter);
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  for (const language of LANGUAGES) {
    const { html, title } = await renderHome(language);
    const page = scriptless
      .replace(/<html lang="[^"]*">/, `<html lang="${language}" data-mantine-color-scheme="light">`)
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(
        /(\s*)<script defer src="\/home-start.js"/,
        (_, space) => `${space}${pageSheets.join(space)}${space}<script defer src="/home-start.js"`,
      )
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
