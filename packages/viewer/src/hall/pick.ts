/**
 * What the visitor points at or stands before: the booth or floor point under a click (a ray from
 * the camera against the booths' boxes and the floor), and the booth in front (near, ahead, open
 * towards the visitor).
 */
import { Box3, type PerspectiveCamera, Raycaster, Vector2, Vector3 } from "three";
import { BOOTH_TOP, type THallPlan, type TPlacedBooth } from "./build";
import { forwardOf, inRect } from "./layout";
import type { TPose } from "./motion";

/** A booth counts as "in front" within this distance and angle. */
const FACING_DISTANCE = 8.5;
const FACING_COS = Math.cos((38 * Math.PI) / 180);

/**
 * A picker for the canvas: at a client point, the nearest booth the ray meets before the floor,
 * else the floor point it meets within 120 m inside the walls, else null.
 */
export function createPicker(
  canvas: HTMLCanvasElement,
  camera: PerspectiveCamera,
  plan: THallPlan,
): (clientX: number, clientY: number) => TPlacedBooth | { x: number; z: number } | null {
  const boxes = plan.booths.map(
    (b) =>
      new Box3(
        new Vector3(b.pose.footprint.minX, 0, b.pose.footprint.minZ),
        new Vector3(b.pose.footprint.maxX, BOOTH_TOP, b.pose.footprint.maxZ),
      ),
  );
  const raycaster = new Raycaster();
  const ndc = new Vector2();
  const hitPoint = new Vector3();
  return (clientX, clientY) => {
    const r = canvas.getBoundingClientRect();
    ndc.set(((clientX - r.left) / r.width) * 2 - 1, -((clientY - r.top) / r.height) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    const ray = raycaster.ray;
    let best: { i: number; d: number } | null = null;
    boxes.forEach((box, i) => {
      const hit = ray.intersectBox(box, hitPoint);
      if (!hit) return;
      const d = hit.distanceTo(ray.origin);
      if (!best || d < best.d) best = { i, d };
    });
    const floorT = ray.direction.y < -1e-4 ? -ray.origin.y / ray.direction.y : Number.POSITIVE_INFINITY;
    const chosen = best as { i: number; d: number } | null;
    if (chosen && chosen.d < floorT) return plan.booths[chosen.i] ?? null;
    if (Number.isFinite(floorT) && floorT < 120) {
      const x = ray.origin.x + ray.direction.x * floorT;
      const z = ray.origin.z + ray.direction.z * floorT;
      if (inRect(plan.bounds, x, z)) return { x, z };
    }
    return null;
  };
}

/** The booth the visitor stands in front of: the nearest ahead within reach that opens towards them. */
export function facingBooth(plan: THallPlan, pose: TPose): string | null {
  const f = forwardOf(pose.yaw);
  let best: { id: string; d: number } | null = null;
  for (const b of plan.booths) {
    const dx = b.pose.x - pose.x;
    const dz = b.pose.z - pose.z;
    const d = Math.hypot(dx, dz);
    if (d > FACING_DISTANCE || d < 0.01) continue;
    if ((dx * f.x + dz * f.z) / d < FACING_COS) continue;
    // Only booths that open towards the visitor (not their backs or sides).
    const front = b.pose.x + b.pose.facing * 1.5;
    if ((pose.x - front) * b.pose.facing < 0) continue;
    if (!best || d < best.d) best = { id: b.booth.id, d };
  }
  return best?.id ?? null;
}
