/**
 * The three.js engine (`packages/viewer`) in a real browser: a static harness page bundled with
 * esbuild and served by a tiny server started here (the app's pages are not needed). WebGL runs
 * through SwiftShader; frames are read back with the engine's own `capture()`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { DEFAULT_SCENE, type TAnnotation, type TSceneInfo } from "@vitrine/contract";
import { build } from "esbuild";
import { deltaE2000, srgbToLab } from "../../../bench/viewer/delta-e";
import type { THarness } from "../../../packages/viewer/harness/main";
import { optimizeModel } from "../../server/src/modules/content/pipeline/pipeline";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const harnessDir = join(repo, "packages", "viewer", "harness");
const FOX_CLIP = "Armature|Take 001|BaseLayer";
/** A plain white scene without shadows, so every non-white pixel is the model. */
const PLAIN: TSceneInfo = {
  ...DEFAULT_SCENE,
  background: { type: "color", color: "#ffffff", color2: "#ffffff", image: null },
  shadows: { enabled: false, opacity: 0 },
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".glb": "model/gltf-binary",
  ".wasm": "application/wasm",
};

let server: Server;
let origin = "";

/** Serves `/` (harness page), `/main.js` (bundle), `/fixtures/*`, `/generated/*`, `/decoders/draco/*`. */
function serve(bundleDir: string, generatedDir: string): Promise<Server> {
  const roots: [string, string][] = [
    ["/fixtures/", join(repo, "fixtures", "models")],
    ["/generated/", generatedDir],
    ["/decoders/draco/", join(repo, "apps", "web", "public", "decoders", "draco")],
  ];
  const handler = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file: string | null = null;
    if (path === "/") file = join(harnessDir, "index.html");
    else if (path === "/main.js") file = join(bundleDir, "main.js");
    else {
      for (const [prefix, dir] of roots) {
        if (!path.startsWith(prefix)) continue;
        const rest = normalize(path.slice(prefix.length));
        if (!rest.startsWith("..")) file = join(dir, rest);
      }
    }
    try {
      if (!file) throw new Error("not found");
      const body = readFileSync(file);
      res.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "content-length": body.length,
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => handler.listen(0, "127.0.0.1", () => resolve(handler)));
}

/** Opens the harness and loads a model with a scene; returns the model facts. */
async function open(page: Page, url: string, scene: TSceneInfo = PLAIN) {
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => "harness" in window);
  return page.evaluate(
    async ([modelUrl, info]) => {
      const { viewer } = (window as unknown as { harness: THarness }).harness;
      viewer.applyScene(info);
      return viewer.load(modelUrl);
    },
    [url, scene] as const,
  );
}

/** Captures a PNG and measures it against a white background. */
function frameStats(page: Page, size = { width: 400, height: 300 }) {
  return page.evaluate(async (s) => {
    const h = (window as unknown as { harness: THarness }).harness;
    const blob = await h.viewer.capture({ ...s, type: "image/png" });
    return h.stats(blob, [255, 255, 255]);
  }, size);
}

test.describe("viewer engine", () => {
  test.skip(({ locale }) => locale !== "en-US", "the engine has no text of its own; one language is enough");
  // One browser at a time: software WebGL is slow, and two would only fight for the CPU.
  test.describe.configure({ mode: "default", timeout: 120_000 });

  test.beforeAll(async () => {
    const bundleDir = mkdtempSync(join(tmpdir(), "vt-harness-"));
    await build({
      entryPoints: [join(harnessDir, "main.ts")],
      bundle: true,
      format: "esm",
      target: "es2022",
      outfile: join(bundleDir, "main.js"),
      logLevel: "error",
    });
    const generated = mkdtempSync(join(tmpdir(), "vt-models-"));
    execFileSync(
      process.execPath,
      [join(harnessDir, "make-models.mjs"), join(repo, "fixtures", "models"), generated],
      {
        stdio: "ignore",
      },
    );
    // The Fox as the server's pipeline serves it (flat body without normals, welded, meshopt).
    const served = await optimizeModel(
      new Uint8Array(readFileSync(join(repo, "fixtures", "models", "Fox.glb"))),
    );
    writeFileSync(join(generated, "fox-served.glb"), served.bytes);
    server = await serve(bundleDir, generated);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  test("loads the Fox, reports its clip and size, and draws it framed and lit", async ({
    page,
  }, testInfo) => {
    const facts = await open(page, "/fixtures/Fox.glb");
    expect(facts.clips.map((c) => c.name)).toEqual([FOX_CLIP]);
    expect(facts.clips[0]?.duration).toBeGreaterThan(0);
    expect(facts.materials).toHaveLength(1);
    expect(facts.triangles).toBe(3552);
    for (const side of facts.dimensions) expect(side).toBeGreaterThan(0);

    const stats = await frameStats(page);
    const total = stats.width * stats.height;
    expect(stats.width).toBe(400);
    expect(stats.height).toBe(300);
    // Framed: clearly visible, yet whole (the background shows around it).
    expect(stats.foreground).toBeGreaterThan(total * 0.05);
    expect(stats.foreground).toBeLessThan(total * 0.8);
    // Lit: the chrome fox reflects the environment instead of showing as a black silhouette.
    expect((stats.mean[0] + stats.mean[1] + stats.mean[2]) / 3).toBeGreaterThan(90);

    await page.evaluate((info) => {
      (window as unknown as { harness: THarness }).harness.viewer.applyScene(info);
    }, DEFAULT_SCENE);
    await page.waitForTimeout(300);
    await page.locator("#viewer").screenshot({ path: testInfo.outputPath("fox-default-scene.png") });
  });

  test("draws the Fox the pipeline serves (flat-shaded body without stored normals) as the uploaded one", async ({
    page,
  }) => {
    const original = await open(page, "/fixtures/Fox.glb");
    const difference = () =>
      page.evaluate(async () => {
        const h = (window as unknown as { harness: THarness }).harness;
        const size = { width: 400, height: 300, type: "image/png" } as const;
        const before = await h.viewer.capture(size);
        await h.viewer.load("/generated/fox-served.glb");
        const after = await h.viewer.capture(size);
        const stats = await h.stats(after, [255, 255, 255]);
        return { changed: await h.difference(before, after), foreground: stats.foreground };
      });
    const result = await difference();
    // The same fox in the same light: a body shaded wrong would differ on most of its ~13,600
    // pixels; the served one differs on under 1 % (edge pixels of the simplified ground: 89 here).
    expect(result.foreground).toBeGreaterThan(5000);
    expect(result.changed).toBeLessThan(result.foreground * 0.02);
    expect(original.clips.map((clip) => clip.name)).toEqual([FOX_CLIP]);
  });

  test("lists the Radio's three materials and recolours one, then restores it", async ({
    page,
  }, testInfo) => {
    const facts = await open(page, "/fixtures/Radio.glb");
    expect(facts.materials).toEqual(["Body", "Brushed metal", "Rubber"]);
    expect(facts.materialDefaults.map((m) => m.material)).toEqual(facts.materials);
    expect(facts.clips).toEqual([]);

    const before = await frameStats(page);
    await page.evaluate((body) => {
      const { viewer } = (window as unknown as { harness: THarness }).harness;
      viewer.applyMaterials([{ ...body, tone: "#ff0000", tone_exposure: 1 }]);
      // Applying again must not compound the tint.
      viewer.applyMaterials([{ ...body, tone: "#ff0000", tone_exposure: 1 }]);
    }, facts.materialDefaults[0]);
    const red = await frameStats(page);
    expect(red.mean[0] - red.mean[1]).toBeGreaterThan(before.mean[0] - before.mean[1] + 20);

    const changed = await page.evaluate(async () => {
      const h = (window as unknown as { harness: THarness }).harness;
      const a = await h.viewer.capture({ width: 400, height: 300, type: "image/png" });
      h.viewer.resetMaterials();
      const b = await h.viewer.capture({ width: 400, height: 300, type: "image/png" });
      return h.difference(a, b);
    });
    expect(changed).toBeGreaterThan(1000);
    const reset = await frameStats(page);
    expect(Math.abs(reset.mean[0] - before.mean[0])).toBeLessThan(1);
    expect(Math.abs(reset.mean[1] - before.mean[1])).toBeLessThan(1);

    await page.evaluate((info) => {
      (window as unknown as { harness: THarness }).harness.viewer.applyScene(info);
    }, DEFAULT_SCENE);
    await page.waitForTimeout(300);
    await page.locator("#viewer").screenshot({ path: testInfo.outputPath("radio-default-scene.png") });
  });

  test("picks the surface, places markers there and hides the one behind the model", async ({ page }) => {
    await open(page, "/fixtures/Radio.glb");
    const box = await page.locator("canvas").boundingBox();
    if (!box) throw new Error("no canvas");
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    const hits = await page.evaluate(
      ([x, y, corner]) => {
        const { viewer } = (window as unknown as { harness: THarness }).harness;
        const front = viewer.pick(x, y);
        const empty = viewer.pick(corner[0], corner[1]);
        const view = viewer.getCameraView();
        const behind = {
          ...view,
          position: [0, 1, 2].map((i) => 2 * (view.target[i] ?? 0) - (view.position[i] ?? 0)) as [
            number,
            number,
            number,
          ],
        };
        viewer.setCameraView(behind);
        const back = viewer.pick(x, y);
        viewer.setCameraView(view);
        return { front, empty, back, view, behind };
      },
      [cx, cy, [box.x + 3, box.y + 3]] as const,
    );
    expect(hits.empty).toBeNull();
    if (!hits.front || !hits.back) throw new Error("the model was not hit at the centre");
    // The hit surface faces the camera.
    const toCamera = hits.view.position.map((p, i) => p - (hits.front?.position[i] ?? 0));
    expect(hits.front.normal.reduce((sum, n, i) => sum + n * (toCamera[i] ?? 0), 0)).toBeGreaterThan(0);

    const annotation = (id: string, n: number, hit: NonNullable<typeof hits.front>, normal: boolean) =>
      ({
        annotation_id: id,
        title: `Marker ${n}`,
        content: "",
        axis: null,
        images: [],
        videos: [],
        marker: { posx: hit.position[0], posy: hit.position[1], posz: hit.position[2], number: n },
        normal: normal ? hit.normal : null,
      }) satisfies TAnnotation;
    await page.evaluate(
      (list) => {
        const w = window as unknown as {
          harness: THarness;
          clicked: string[];
        };
        w.clicked = [];
        w.harness.viewer.setAnnotations(list);
        w.harness.viewer.onAnnotationClick((id) => w.clicked.push(id));
      },
      // The back marker has no normal: only the occlusion test can hide it.
      [annotation("front", 1, hits.front, true), annotation("back", 2, hits.back, false)],
    );

    const front = page.locator(".vt-marker", { hasText: "1" });
    const back = page.locator(".vt-marker", { hasText: "2" });
    await expect(front).not.toHaveClass(/is-hidden/);
    await expect(front).toHaveAttribute("aria-label", "1. Marker 1");
    await expect(back).toHaveClass(/is-hidden/);
    const marker = await front.boundingBox();
    if (!marker) throw new Error("marker not laid out");
    expect(Math.abs(marker.x + marker.width / 2 - cx)).toBeLessThan(2);
    expect(Math.abs(marker.y + marker.height / 2 - cy)).toBeLessThan(2);

    // Seen from behind, the roles swap.
    await page.evaluate((view) => {
      (window as unknown as { harness: THarness }).harness.viewer.setCameraView(view);
    }, hits.behind);
    await expect(back).not.toHaveClass(/is-hidden/);
    await expect(front).toHaveClass(/is-hidden/);
    await page.getByRole("button", { name: "Marker 2" }).click();
    expect(await page.evaluate(() => (window as unknown as { clicked: string[] }).clicked)).toEqual(["back"]);

    // Focusing the front marker flies round to look along its normal, the whole model in view
    // (never a close-up of the surface), the marker shown.
    await page.evaluate(() => {
      (window as unknown as { harness: THarness }).harness.viewer.focusAnnotation("front");
    });
    await expect(front).not.toHaveClass(/is-hidden/);
    await expect(front).toHaveClass(/is-active/);
    const normal = hits.front.normal;
    await expect
      .poll(async () => {
        const view = await page.evaluate(() =>
          (window as unknown as { harness: THarness }).harness.viewer.getCameraView(),
        );
        const d = view.position.map((p, i) => p - (view.target[i] ?? 0));
        const length = Math.hypot(...d);
        // Steep normals are turned toward the horizon (at most 60° up or down).
        const flat = Math.hypot(normal[0], normal[2]);
        const expected =
          Math.abs(normal[1]) > Math.sin(Math.PI / 3)
            ? [
                (normal[0] / flat) * 0.5,
                Math.sign(normal[1]) * Math.sin(Math.PI / 3),
                (normal[2] / flat) * 0.5,
              ]
            : normal;
        return d.map((n, i) => Math.round((n / length - (expected[i] ?? 0)) * 100) + 0);
      })
      .toEqual([0, 0, 0]);
  });

  test("plays the Fox's clip, changing the picture, and stops back at rest", async ({ page }) => {
    await open(page, "/fixtures/Fox.glb");
    const played = await page.evaluate((clip) => {
      const h = (window as unknown as { harness: THarness }).harness;
      const w = window as unknown as { rest: Promise<Blob> };
      w.rest = h.viewer.capture({ width: 400, height: 300, type: "image/png" });
      return {
        missing: h.viewer.playClip("No such clip"),
        found: h.viewer.playClip(clip, { loop: true }),
        motion: h.viewer.motion,
      };
    }, FOX_CLIP);
    expect(played.missing).toBe(false);
    expect(played.found).toBe(true);
    expect(played.motion).toEqual({ clip: FOX_CLIP, isPaused: false });

    const moved = () =>
      page.evaluate(async () => {
        const h = (window as unknown as { harness: THarness }).harness;
        const w = window as unknown as { rest: Promise<Blob> };
        const now = await h.viewer.capture({ width: 400, height: 300, type: "image/png" });
        return h.difference(await w.rest, now);
      });
    await expect.poll(moved, { timeout: 30_000 }).toBeGreaterThan(300);

    await page.evaluate(() => {
      (window as unknown as { harness: THarness }).harness.viewer.stop();
    });
    expect(await moved()).toBeLessThan(50);
    expect(
      await page.evaluate(() => (window as unknown as { harness: THarness }).harness.viewer.motion),
    ).toBeNull();
  });

  test("draws only when something changes, and keeps drawing while auto-rotating", async ({ page }) => {
    await open(page, "/fixtures/Radio.glb");
    const frames = () => page.evaluate(() => (window as unknown as { harness: THarness }).harness.frames());
    /** True once no frame was asked for during half a second. */
    const isStill = async () => {
      const before = await frames();
      await page.waitForTimeout(500);
      return (await frames()) === before;
    };
    await expect.poll(isStill, { timeout: 30_000 }).toBe(true);
    const idle = await frames();

    await page.evaluate(() => {
      (window as unknown as { harness: THarness }).harness.viewer.setAutoRotate(true);
    });
    await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(idle + 3);
    const turning = await frames();
    await page.waitForTimeout(500);
    expect(await frames()).toBeGreaterThan(turning);

    await page.evaluate(() => {
      (window as unknown as { harness: THarness }).harness.viewer.setAutoRotate(false);
    });
    // The turn eases out, then the engine goes quiet again.
    await expect.poll(isStill, { timeout: 30_000 }).toBe(true);
  });

  test("opens processed (meshopt + WebP) and Draco files; Draco's decoder loads only for Draco", async ({
    page,
  }) => {
    const decoderRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/decoders/draco/")) decoderRequests.push(request.url());
    });
    const original = await open(page, "/fixtures/Radio.glb");

    const meshopt = await page.evaluate(() =>
      (window as unknown as { harness: THarness }).harness.viewer.load("/generated/radio-meshopt.glb"),
    );
    expect(meshopt.materials).toEqual(original.materials);
    expect(meshopt.triangles).toBe(original.triangles);
    meshopt.dimensions.forEach((side, i) => {
      expect(side).toBeCloseTo(original.dimensions[i] ?? 0, 2);
    });
    expect((await frameStats(page)).foreground).toBeGreaterThan(5000);
    expect(decoderRequests).toEqual([]);

    const draco = await page.evaluate(() =>
      (window as unknown as { harness: THarness }).harness.viewer.load("/generated/radio-draco.glb"),
    );
    expect(draco.materials).toEqual(original.materials);
    expect(draco.triangles).toBe(original.triangles);
    expect((await frameStats(page)).foreground).toBeGreaterThan(5000);
    expect(decoderRequests.length).toBeGreaterThan(0);
  });

  test("shows a flat base colour as that colour under the default scene", async ({ page }) => {
    // Base colour (0, 0.3, 0.8) linear is sRGB (0, 149, 231), CIELAB (59.2, -3.1, -50.4). The former
    // default (ACES Filmic, brighter light) drew it as a pale sky blue: mean CIELAB (79.3, -14.6,
    // -21.8) on the bench's box (`npm run bench:colour`). What is left is the surface's own sheen
    // (specular reflection of the studio room) and its anti-aliased edges.
    await open(page, "/generated/flat-blue.glb");
    const stats = await frameStats(page);
    expect(stats.foreground).toBeGreaterThan(1000);
    const [r, g, b] = stats.mean;
    expect(deltaE2000(srgbToLab(r, g, b), srgbToLab(0, 149, 231))).toBeLessThan(4);
  });

  test("captures thumbnails at the asked size as WebP", async ({ page }) => {
    await open(page, "/fixtures/Radio.glb", DEFAULT_SCENE);
    const shot = await page.evaluate(async () => {
      const { viewer } = (window as unknown as { harness: THarness }).harness;
      const blob = await viewer.capture({ width: 320, height: 240, type: "image/webp" });
      const bitmap = await createImageBitmap(blob);
      return { type: blob.type, width: bitmap.width, height: bitmap.height, canvas: viewer.canvas.width };
    });
    expect(shot).toMatchObject({ type: "image/webp", width: 320, height: 240, canvas: 480 });
  });
});
