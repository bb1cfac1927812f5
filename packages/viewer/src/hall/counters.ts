/**
 * The hall's counters: what the renderer drew last and holds, what the images cost, and the same
 * written on the hall's element (`data-*`) with the visitor's position for the journeys and the bench.
 */
import type { WebGLRenderer } from "three";
import type { TPose } from "./motion";
import type { ImageLoader, TPage } from "./textures";
import type { THallStats } from "./types";

/** The counters before the first frame. */
export function noStats(pixelRatio: number, fpsCap: number): THallStats {
  return {
    triangles: 0,
    calls: 0,
    frames: 0,
    pixelRatio,
    fpsCap,
    imagesLoaded: 0,
    imagesFailed: 0,
    imageBytes: 0,
    textureBytes: 0,
    textures: 0,
  };
}

/**
 * The counters after a frame, written on the hall's element too with the images still pending
 * and the visitor's position.
 */
export function countFrame(
  container: HTMLElement,
  renderer: WebGLRenderer,
  frames: number,
  pixelRatio: number,
  fpsCap: number,
  loader: ImageLoader,
  pages: TPage[],
  pose: TPose,
): THallStats {
  const info = renderer.info;
  const stats: THallStats = {
    triangles: info.render.triangles,
    calls: info.render.calls,
    frames,
    pixelRatio,
    fpsCap,
    imagesLoaded: loader.loaded,
    imagesFailed: loader.failed,
    imageBytes: loader.bytes,
    textureBytes: textureBytes(pages, loader),
    textures: info.memory.textures,
  };
  const d = container.dataset;
  d.triangles = String(stats.triangles);
  d.calls = String(stats.calls);
  d.frames = String(frames);
  d.pixelRatio = String(pixelRatio);
  d.imagesLoaded = String(loader.loaded);
  d.imagesPending = String(loader.pending);
  d.imagesFailed = String(loader.failed);
  d.imageBytes = String(loader.bytes);
  d.textureBytes = String(stats.textureBytes);
  d.x = pose.x.toFixed(2);
  d.z = pose.z.toFixed(2);
  d.yaw = pose.yaw.toFixed(3);
  return stats;
}

/** Bytes of the texture pages' canvases (RGBA), the images' pages that exist included. */
function textureBytes(pages: TPage[], loader: ImageLoader): number {
  let sum = 0;
  for (const p of [...pages, ...loader.pages]) if (p) sum += p.canvas.width * p.canvas.height * 4;
  return sum;
}
