/**
 * The geometry step: duplicates, unused parts and repeated vertices go (dedup, prune, weld),
 * keyframes that interpolation recreates go (resample), then channels that only hold a part at
 * rest and flat surfaces' normals (`motion.ts`, `optimize-steps.ts`); and the scenes a write
 * must not keep empty.
 */
import type { Document } from "@gltf-transform/core";
import type { Transform } from "@gltf-transform/extensions";
import { dropRestChannels } from "./motion";
import { dropFlatNormals } from "./optimize-steps";
import { loadGltfFunctions } from "./packages";

/**
 * Whether prune must keep vertex attributes no texture names: a KHR_texture_transform that reads
 * another UV set (`texCoord`; SheenChair), or KHR_materials_anisotropy, whose direction three.js
 * takes from the tangents or the UVs even without a texture (AnisotropyStrengthTest lost both
 * and drew plain). gltf-transform 4.5.1's prune counts both unused and drops them.
 */
async function needsUnusedAttributes(document: Document): Promise<boolean> {
  const { listTextureInfo } = await loadGltfFunctions();
  const root = document.getRoot();
  if (root.listExtensionsUsed().some((extension) => extension.extensionName === "KHR_materials_anisotropy"))
    return true;
  return root
    .listTextures()
    .some((texture) =>
      listTextureInfo(texture).some(
        (info) => info.getExtension<Transform>("KHR_texture_transform")?.getTexCoord() != null,
      ),
    );
}

/**
 * Scenes left with no node (a second scene that held only a camera and a light, which prune took
 * out) go: glTF forbids an empty list of nodes, and no viewer shows a scene other than the
 * default one anyway. The default scene always keeps a mesh (the upload checks it).
 */
export function dropEmptyScenes(document: Document): Document {
  const root = document.getRoot();
  for (const scene of root.listScenes()) {
    if (scene.listChildren().length === 0 && scene !== root.getDefaultScene()) scene.dispose();
  }
  return document;
}

/** Cleans up the document's geometry and animation (lossless). */
export async function cleanGeometry(read: Document): Promise<void> {
  const { dedup, prune, resample, weld } = await loadGltfFunctions();
  const keepAttributes = await needsUnusedAttributes(read);
  await read.transform(dedup(), prune({ keepAttributes }), weld(), resample());
  // Resting channels and flat surfaces' normals go; the corners they kept apart are welded.
  // Only accessors can be left unused by that (textures are not judged again: prune would
  // decode every image to look for solid colours).
  const changed = dropRestChannels(read) + dropFlatNormals(read);
  if (changed > 0)
    await read.transform(
      prune({ propertyTypes: ["Accessor"], keepSolidTextures: true, keepAttributes }),
      weld(),
    );
}
