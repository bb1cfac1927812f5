/**
 * The model the engine shows, once loaded: its scene under the engine's model group, its
 * materials and motion, and its bounds; and how it is taken out again.
 */
import { type Box3, type Group, type Object3D, Sphere, Vector3 } from "three";
import type { GLTF } from "three/examples/jsm/loaders/GLTFLoader.js";
import { disposeObject } from "./dispose-object";
import { boxSize, clipFacts, countTriangles, modelBounds } from "./facts";
import { createMaterialRegistry, type TMaterialRegistry } from "./materials";
import { createMotion, type TMotion } from "./motion";
import type { TModelFacts } from "./types";

/** A model in the scene. */
export interface TLoaded {
  gltf: GLTF;
  root: Object3D;
  materials: TMaterialRegistry;
  motion: TMotion;
  bounds: Box3;
  sphere: Sphere;
}

/** Puts a loaded glTF under `parent`, casting shadows; `onClipEnd` hears each clip that ends. */
export function installModel(gltf: GLTF, parent: Group, onClipEnd: (name: string) => void): TLoaded {
  const root = gltf.scene;
  root.traverse((object) => {
    object.castShadow = true;
  });
  parent.add(root);
  const bounds = modelBounds(root);
  const sphere = bounds.isEmpty() ? new Sphere(new Vector3(), 1) : bounds.getBoundingSphere(new Sphere());
  const materials = createMaterialRegistry(root, (material) => {
    const index = gltf.parser.associations.get(material)?.materials;
    return typeof index === "number" ? index : undefined;
  });
  const motion = createMotion(root, gltf.animations, onClipEnd);
  return { gltf, root, materials, motion, bounds, sphere };
}

/** Takes the model (if any) out of `parent` and frees its GPU resources. */
export function removeModel(model: TLoaded | null, parent: Group): void {
  if (!model) return;
  model.motion.dispose();
  parent.remove(model.root);
  disposeObject(model.root);
}

/** What the host learns of a model it loaded: clips, materials, size and triangles. */
export function modelFacts(model: TLoaded): TModelFacts {
  return {
    clips: clipFacts(model.gltf.animations),
    materials: [...model.materials.names],
    materialDefaults: model.materials.defaults(),
    dimensions: boxSize(model.bounds),
    triangles: countTriangles(model.root),
  };
}
