/** Environment lighting generated in code (RoomEnvironment through PMREM), one texture per preset. */
import type { TSceneInfo } from "@vitrine/contract";
import {
  Color,
  type Material,
  type Mesh,
  MeshLambertMaterial,
  PMREMGenerator,
  PointLight,
  type Texture,
  type WebGLRenderer,
  type WebGLRenderTarget,
} from "three";
import { RoomEnvironment } from "three/examples/jsm/environments/RoomEnvironment.js";
import { environmentRecipe } from "./scene-math";

/** Environment textures made on first use and kept until disposed. */
export interface TEnvironmentCache {
  get(preset: TSceneInfo["environment"]["preset"]): Texture | null;
  dispose(): void;
}

function isMesh(object: unknown): object is Mesh {
  return typeof object === "object" && object !== null && (object as Mesh).isMesh === true;
}

function materialsOf(mesh: Mesh): Material[] {
  return Array.isArray(mesh.material) ? mesh.material : [mesh.material];
}

/** Face size of the environment maps, in pixels. */
const PMREM_SIZE = 128;

/**
 * A PMREM generator whose maps are 128 px a face. three clamps the size to at least 256 px; the
 * room's soft light looks the same at 128 (side by side on Fox and Radio), and the GGX prefilter,
 * the longest step before the first frame in software WebGL, has a quarter of the pixels to fill.
 * If a later three renames its private `_setSize`, this falls back to three's own size.
 */
function smallPmrem(renderer: WebGLRenderer): PMREMGenerator {
  const generator = new PMREMGenerator(renderer);
  const inner = generator as unknown as { _setSize?: unknown; _cubeSize?: number };
  if (typeof inner._setSize === "function") {
    inner._setSize = () => {
      inner._cubeSize = PMREM_SIZE;
    };
  }
  return generator;
}

/** Makes the per-renderer cache of preset environments. */
export function createEnvironmentCache(renderer: WebGLRenderer): TEnvironmentCache {
  let pmrem: PMREMGenerator | null = null;
  const targets = new Map<string, WebGLRenderTarget>();

  return {
    get(preset) {
      const recipe = environmentRecipe(preset);
      if (!recipe) return null;
      const cached = targets.get(preset);
      if (cached) return cached.texture;
      pmrem ??= smallPmrem(renderer);
      const room = new RoomEnvironment();
      const tint = new Color(recipe.tint);
      room.traverse((object) => {
        if (object instanceof PointLight) object.color.multiply(tint);
        if (!isMesh(object)) return;
        for (const material of materialsOf(object)) {
          if (!(material instanceof MeshLambertMaterial)) continue;
          material.emissive.multiply(tint);
          // An even 40 keeps the room's overall brightness while removing its key/fill contrast.
          if (recipe.isFlat) material.emissiveIntensity = 40;
        }
      });
      const target = pmrem.fromScene(room, 0.04);
      room.dispose();
      targets.set(preset, target);
      return target.texture;
    },
    dispose() {
      for (const target of targets.values()) target.dispose();
      targets.clear();
      pmrem?.dispose();
      pmrem = null;
    },
  };
}
