/** Facts about a loaded model: clips, dimensions and triangle count. */
import type { TVec3 } from "@vitrine/contract";
import { type AnimationClip, Box3, type BufferGeometry, type Object3D, Vector3 } from "three";

/** Triangles the model draws (instanced meshes count every instance). */
export function countTriangles(root: Object3D): number {
  let total = 0;
  root.traverse((object) => {
    const mesh = object as Object3D & {
      isMesh?: boolean;
      geometry?: BufferGeometry;
      count?: number;
      isInstancedMesh?: boolean;
    };
    if (!mesh.isMesh || !mesh.geometry) return;
    const geometry = mesh.geometry;
    const vertices = geometry.index ? geometry.index.count : (geometry.getAttribute("position")?.count ?? 0);
    const instances = mesh.isInstancedMesh && typeof mesh.count === "number" ? mesh.count : 1;
    total += Math.floor(vertices / 3) * instances;
  });
  return total;
}

/**
 * The model's world bounding box, measured on the posed model: every vertex after its node's
 * transforms (a rotated or scaled root included), skinning and morph targets, so the box is the
 * geometry's own and never a loose local box grown by rotation. glTF is Y-up: the box's Y side
 * is the model's height.
 */
export function modelBounds(root: Object3D): Box3 {
  root.updateMatrixWorld(true);
  return new Box3().setFromObject(root, true);
}

/** The size of a box as a vector, rounded to micrometres to keep reports stable. */
export function boxSize(box: Box3): TVec3 {
  if (box.isEmpty()) return [0, 0, 0];
  const size = box.getSize(new Vector3());
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return [round(size.x), round(size.y), round(size.z)];
}

/** Clip names and durations in file order. */
export function clipFacts(clips: readonly AnimationClip[]): { name: string; duration: number }[] {
  return clips.map((clip) => ({ name: clip.name, duration: clip.duration }));
}
