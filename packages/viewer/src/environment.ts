/** Environment lighting generated in code (the studio room through PMREM), one texture per preset. */
import type { TSceneInfo } from "@vitrine/contract";
import { PMREMGenerator, type Texture, type WebGLRenderer, type WebGLRenderTarget } from "three";
import { environmentRecipe } from "./scene-math";
import { createStudioRoom } from "./studio-room";

/** Environment textures made on first use and kept until disposed. */
export interface TEnvironmentCache {
  get(preset: TSceneInfo["environment"]["preset"]): Texture | null;
  dispose(): void;
}

/** Face size of the environment maps, in pixels. */
const PMREM_SIZE = 128;

/**
 * A PMREM generator whose maps are 128 px a face. three clamps the size to at least 256 px; the
 * GGX prefilter, the longest step before the first frame in software WebGL, then has a quarter of
 * the pixels to fill (256 px: about 3 s more in SwiftShader here, for Fox's mirror 2.7 → 1.8 ΔE on
 * `bench:colour`; rough and matte surfaces look the same). If a later three renames its private
 * `_setSize`, this falls back to three's own size.
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
      const room = createStudioRoom(recipe);
      // Half of model-viewer's 0.04 rad blur: three draws a mirror as part sharp level, part the
      // next (roughness 0.13 at 128 px), already a blur; at 0.04 Fox's mirror showed a broad glow.
      const target = pmrem.fromScene(room.scene, 0.02);
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
