/** Frees the GPU resources of a loaded model (geometries, materials, their textures, skeletons). */
import type { Material, Object3D, Texture } from "three";

function isTexture(value: unknown): value is Texture {
  return typeof value === "object" && value !== null && (value as Texture).isTexture === true;
}

function disposeMaterial(material: Material, textures: Set<Texture>): void {
  for (const value of Object.values(material)) {
    if (isTexture(value)) textures.add(value);
  }
  material.dispose();
}

/** Disposes everything under `root` once, even when shared between meshes. */
export function disposeObject(root: Object3D): void {
  const materials = new Set<Material>();
  const textures = new Set<Texture>();
  root.traverse((object) => {
    const node = object as Object3D & {
      geometry?: { dispose(): void };
      material?: Material | Material[];
      skeleton?: { dispose(): void };
    };
    node.geometry?.dispose();
    node.skeleton?.dispose();
    if (Array.isArray(node.material)) for (const m of node.material) materials.add(m);
    else if (node.material) materials.add(node.material);
  });
  for (const material of materials) disposeMaterial(material, textures);
  for (const texture of textures) texture.dispose();
}
