// @vitest-environment node
/**
 * `/embed`'s JavaScript budget (DESIGN.md "Viewer": at most two thirds of `<model-viewer>`'s bundle, 194 kB gzip; no React, no Mantine),
 * checked on a real production build of the web app in a temporary directory.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBED_BUDGET_GZIP, kB, pageJs, type TPageJs } from "../../../../bench/viewer/embed-size";

const webRoot = fileURLToPath(new URL("../..", import.meta.url));

/** `assets/three-AbC123.js` → `assets/three`: a chunk's name without its hash. */
const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, "");

describe("/embed bundle", { timeout: 600_000 }, () => {
  let outDir = "";
  let embed: TPageJs;
  let app: TPageJs;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), "vitrine-embed-size-"));
    await build({
      root: webRoot,
      configFile: join(webRoot, "vite.config.ts"),
      logLevel: "error",
      build: { outDir, emptyOutDir: true },
    });
    embed = pageJs(outDir, "embed.html");
    app = pageJs(outDir, "index.html");
  }, 600_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it("loads no React, Mantine, icons, i18next, socket.io or zod", () => {
    expect(embed.libraries).toEqual([]);
    // The same detection finds them in the app, so an empty list above means something.
    expect(app.libraries).toEqual(expect.arrayContaining(["react", "mantine", "i18next", "zod"]));
  });

  it(`stays within ${kB(EMBED_BUDGET_GZIP)} of JavaScript (gzip) for a visit to an open link`, () => {
    const lines = embed.files.map((f) => `${f.file} ${kB(f.gzip)}`).join("\n");
    expect(embed.visitGzip, `over budget:\n${lines}`).toBeLessThanOrEqual(EMBED_BUDGET_GZIP);
    // A browser that cannot draw in a worker loads the in-page engine instead: the same budget.
    expect(embed.pageEngineVisitGzip, `over budget:\n${lines}`).toBeLessThanOrEqual(EMBED_BUDGET_GZIP);
    // The engine is in both (a budget met by a page that shows nothing would be no news): the
    // worker is one file with three.js in it; the in-page engine imports three's chunk.
    const worker = embed.files.find((f) => /^assets\/engine-worker-/.test(f.file));
    expect(worker?.gzip).toBeGreaterThan(150_000);
    expect(embed.files.some((f) => /^assets\/three-/.test(f.file) && f.isDynamic)).toBe(true);
    expect(embed.visitGzip).toBeGreaterThan(150_000);
    expect(embed.pageEngineVisitGzip).toBeGreaterThan(150_000);
  });

  it("ships every script of the visit (over 1 kB) precompressed, brotli and gzip, for the static server", async () => {
    for (const { file } of embed.files) {
      const plain = await readFile(join(outDir, file));
      if (plain.length < 1024) continue; // Not worth compressing.
      expect(brotliDecompressSync(await readFile(join(outDir, `${file}.br`))).equals(plain), file).toBe(true);
      expect(gunzipSync(await readFile(join(outDir, `${file}.gz`))).equals(plain), file).toBe(true);
    }
  });

  it("starts the app with its visitor's language only and without the calls no start-up code uses", () => {
    const start = app.files.filter((f) => !f.isDynamic).map((f) => chunkName(f.file));
    const later = app.files.filter((f) => f.isDynamic).map((f) => chunkName(f.file));
    // The shared schemas and the start-up calls (session, client config) come with the entry.
    expect(start).toEqual(expect.arrayContaining(["assets/contract", "assets/calls-content"]));
    // The pages' calls and each language's texts load with the page or the language that needs
    // them (the contract declares no side effects, so a call nobody imports is not evaluated).
    for (const chunk of [
      "calls-admin",
      "calls-channels",
      "calls-exhibition",
      "calls-qna",
      "bundle-en",
      "bundle-ko",
    ]) {
      expect(start, chunk).not.toContain(`assets/${chunk}`);
      expect(later, chunk).toContain(`assets/${chunk}`);
    }
  });

  it("keeps the Draco loader and the sealed-link codec out of an open link's visit", () => {
    expect(embed.onDemand.map((f) => chunkName(f.file))).toEqual(
      expect.arrayContaining(["assets/DRACOLoader", "assets/sealed-download"]),
    );
    expect(embed.onDemand.every((f) => f.isDynamic)).toBe(true);
  });
});
