/**
 * Test harness (bundled with esbuild by `apps/web/e2e/viewer-engine.spec.ts`): one viewer on a
 * page, exposed as `window.harness` with helpers that read captured frames back as pixels.
 */
import { createViewer, hasWebGL, type TViewer } from "../src/index";

/** What a captured frame looks like, in numbers. */
export interface TFrameStats {
  width: number;
  height: number;
  /** Pixels that differ from `background` by more than a small tolerance. */
  foreground: number;
  /** Mean colour of those pixels. */
  mean: [number, number, number];
}

/** The page's test API. */
export interface THarness {
  viewer: TViewer;
  hasWebGL: boolean;
  /** requestAnimationFrame calls so far (render-on-demand check). */
  frames(): number;
  stats(blob: Blob, background: [number, number, number]): Promise<TFrameStats>;
  difference(a: Blob, b: Blob): Promise<number>;
}

let frames = 0;
const requestFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => {
  frames++;
  return requestFrame(callback);
};

async function pixels(blob: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d context");
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
}

const container = document.getElementById("viewer");
if (!container) throw new Error("no #viewer");

/** The environment size asked for in the page's address, if any. */
function environmentSize(): 128 | 256 | undefined {
  const asked = new URLSearchParams(location.search).get("environment");
  return asked === "128" || asked === "256" ? (Number(asked) as 128 | 256) : undefined;
}

const harness: THarness = {
  // `?environment=256` (or 128) sets the environment map's size; otherwise the engine's choice.
  viewer: createViewer(container, {
    dracoDecoderPath: "/decoders/draco/",
    environmentSize: environmentSize(),
  }),
  hasWebGL: hasWebGL(),
  frames: () => frames,
  async stats(blob, background) {
    const image = await pixels(blob);
    let foreground = 0;
    const sum = [0, 0, 0];
    const d = image.data;
    for (let i = 0; i < d.length; i += 4) {
      const r = d[i] ?? 0;
      const g = d[i + 1] ?? 0;
      const b = d[i + 2] ?? 0;
      if (Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) > 24) {
        foreground++;
        sum[0] = (sum[0] ?? 0) + r;
        sum[1] = (sum[1] ?? 0) + g;
        sum[2] = (sum[2] ?? 0) + b;
      }
    }
    const n = Math.max(foreground, 1);
    return {
      width: image.width,
      height: image.height,
      foreground,
      mean: [(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n],
    };
  },
  async difference(a, b) {
    const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
    let changed = 0;
    for (let i = 0; i < pa.data.length; i += 4) {
      const delta =
        Math.abs((pa.data[i] ?? 0) - (pb.data[i] ?? 0)) +
        Math.abs((pa.data[i + 1] ?? 0) - (pb.data[i + 1] ?? 0)) +
        Math.abs((pa.data[i + 2] ?? 0) - (pb.data[i + 2] ?? 0));
      if (delta > 24) changed++;
    }
    return changed;
  },
};
(window as unknown as { harness: THarness }).harness = harness;
