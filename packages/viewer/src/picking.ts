/**
 * Rays into the model: whether something stands between the camera and a marker, and which
 * surface point (with its outward normal) lies under a pointer.
 */
import type { TVec3 } from "@vitrine/contract";
import { Matrix3, type Object3D, type PerspectiveCamera, Raycaster, Vector2, Vector3 } from "three";
import type { TPickHit } from "./types";

/** Occlusion and picking against a model seen by `camera`. */
export interface TPicker {
  /** True when part of `root` stands clearly in front of `point` (a model of `radius`). */
  isOccluded(root: Object3D, radius: number, point: TVec3): boolean;
  /** The surface under (x, y) in a view of width × height pixels, facing the camera; null on a miss. */
  pick(root: Object3D, x: number, y: number, width: number, height: number): TPickHit | null;
}

/** Creates the picker (one ray caster, reused). */
export function createPicker(camera: PerspectiveCamera): TPicker {
  const raycaster = new Raycaster();
  const ndc = new Vector2();
  const normalMatrix = new Matrix3();
  return {
    isOccluded(root, radius, point) {
      const origin = camera.position;
      const direction = new Vector3(...point).sub(origin);
      const distance = direction.length();
      if (distance === 0) return false;
      raycaster.set(origin, direction.divideScalar(distance));
      raycaster.near = 0;
      // Markers sit on the surface: only something clearly in front of them hides them.
      raycaster.far = distance - Math.max(radius * 0.01, distance * 0.002);
      const isHit = raycaster.intersectObject(root, true).length > 0;
      raycaster.far = Number.POSITIVE_INFINITY;
      return isHit;
    },
    pick(root, x, y, width, height) {
      ndc.set((x / width) * 2 - 1, -(y / height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      const hit = raycaster.intersectObject(root, true).find((h) => h.face);
      if (!hit?.face) return null;
      normalMatrix.getNormalMatrix(hit.object.matrixWorld);
      const normal = hit.face.normal.clone().applyMatrix3(normalMatrix).normalize();
      if (normal.dot(raycaster.ray.direction) > 0) normal.negate();
      return {
        position: [hit.point.x, hit.point.y, hit.point.z],
        normal: [normal.x, normal.y, normal.z],
      };
    },
  };
}
