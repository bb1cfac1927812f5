/** Facts about a model: what the editor and the optimisation report show of it. */
import type { Document, Primitive } from "@gltf-transform/core";
import type { TModelInfo, TOptimizationReport } from "@vitrine/contract";
import { sceneSize } from "./model-size";
import type { TTextureChoice } from "./texture-quality";

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

function trianglesOf(primitive: Primitive): number {
  const count = primitive.getIndices()?.getCount() ?? primitive.getAttribute("POSITION")?.getCount() ?? 0;
  const mode = primitive.getMode();
  if (mode === TRIANGLES) return Math.floor(count / 3);
  if (mode === TRIANGLE_STRIP || mode === TRIANGLE_FAN) return Math.max(0, count - 2);
  return 0;
}

/**
 * Facts the editor needs. Clip names follow three.js's GLTFLoader (`animation_<index>` when
 * unnamed) so motion steps match what the viewer plays; unnamed materials are `#<index>`.
 */
export function modelFacts(document: Document): Omit<TModelInfo, "original_bytes" | "optimized_bytes"> {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0] ?? null;
  return {
    clips: root.listAnimations().map((clip, i) => clip.getName() || `animation_${i}`),
    materials: root.listMaterials().map((material, i) => material.getName() || `#${i}`),
    dimensions: sceneSize(scene),
    triangles: root
      .listMeshes()
      .reduce((sum, mesh) => sum + mesh.listPrimitives().reduce((s, p) => s + trianglesOf(p), 0), 0),
  };
}

/** The WebP qualities chosen and the lowest SSIM kept, over the converted textures. */
export function qualityRange(choices: (TTextureChoice | null)[]): Partial<TOptimizationReport["textures"]> {
  const chosen = choices.filter((choice) => choice !== null);
  if (chosen.length === 0) return {};
  return {
    quality_min: Math.min(...chosen.map((c) => c.quality)),
    quality_max: Math.max(...chosen.map((c) => c.quality)),
    ssim_min: Math.min(...chosen.map((c) => c.ssim)),
  };
}

/** How many texture images a document holds and their bytes. */
export function textureFacts(document: Document): { count: number; bytes: number } {
  const textures = document.getRoot().listTextures();
  return {
    count: textures.length,
    bytes: textures.reduce((sum, texture) => sum + (texture.getImage()?.byteLength ?? 0), 0),
  };
}

/** Bytes of vertex, index and animation data (accessors), uncompressed. */
export function geometryBytes(document: Document): number {
  return document
    .getRoot()
    .listAccessors()
    .reduce((sum, accessor) => sum + accessor.getByteLength(), 0);
}
