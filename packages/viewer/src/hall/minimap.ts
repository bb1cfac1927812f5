/**
 * The minimap's drawing: the hall from above (free slots, booths in their colours, the visitor
 * and where they look), sized for the screen.
 */
import type { THallPlan } from "./build";
import { forwardOf, mapFit, mapSize, type TMapFit, type TRect, worldToMap } from "./layout";
import type { TPose } from "./motion";

/** How the hall fits the minimap's canvas, and the canvas's pixels per CSS pixel. */
export interface TMinimap {
  fit: TMapFit;
  dpr: number;
}

/** Sizes the minimap's canvas for the container's width (smaller on phones) and the screen's density. */
export function fitMinimap(canvas: HTMLCanvasElement, bounds: TRect, containerWidth: number): TMinimap {
  const size = mapSize(bounds, containerWidth < 600 ? 104 : 150);
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  canvas.width = Math.round(size.width * dpr);
  canvas.height = Math.round(size.height * dpr);
  canvas.style.width = `${size.width}px`;
  canvas.style.height = `${size.height}px`;
  return { fit: mapFit(bounds, size.width, size.height), dpr };
}

/** Draws the hall and the visitor (a dot with a cone towards their view). */
export function drawMinimap(canvas: HTMLCanvasElement, map: TMinimap, plan: THallPlan, pose: TPose): void {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const { fit, dpr } = map;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const rect = (r: TRect, fill: string) => {
    const a = worldToMap(fit, r.minX, r.minZ);
    const b = worldToMap(fit, r.maxX, r.maxZ);
    ctx.fillStyle = fill;
    ctx.fillRect(a.px, a.py, b.px - a.px, b.py - a.py);
  };
  rect(plan.bounds, "#ece8e2");
  for (const s of plan.freeSlots) rect(s.footprint, "#d6d1ca");
  for (const b of plan.booths) {
    const r = b.pose.footprint;
    rect({ minX: r.minX + 0.15, maxX: r.maxX - 0.15, minZ: r.minZ + 0.15, maxZ: r.maxZ - 0.15 }, b.color);
  }
  const me = worldToMap(fit, pose.x, pose.z);
  const f = forwardOf(pose.yaw);
  ctx.save();
  ctx.translate(me.px, me.py);
  ctx.rotate(Math.atan2(f.z, f.x));
  ctx.fillStyle = "rgba(230, 60, 50, 0.25)";
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.arc(0, 0, 22, -0.5, 0.5);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = "#e03c32";
  ctx.strokeStyle = "#fff";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(0, 0, 4.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}
