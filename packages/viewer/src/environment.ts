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

/**
 * Face size of the environment maps, in pixels: three's own 256 where a GPU draws (a few
 * milliseconds), 128 in software WebGL, where the GGX prefilter is the longest step before the
 * first frame and 256 px costs about 3 s more in SwiftShader. The difference shows only in
 * mirrors (Fox's tray: 2.7 → 1.8 ΔE against `<model-viewer>` on `bench:colour`); rough and matte
 * surfaces look the same.
 */
export type TEnvironmentSize = 128 | 256;

/** True when WebGL is drawn by the CPU (SwiftShader, llvmpipe): no GPU to spare. */
export function isSoftwareRenderer(renderer: WebGLRenderer): boolean {
  const gl = renderer.getContext();
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? "");
  return /swiftshader|llvmpipe|softpipe|software/i.test(name);
}

/**
 * A PMREM generator whose maps are `size` px a face. three clamps the size to at least 256 px;
 * below that its private `_setSize` is replaced (if a later three renames it, this falls back
 * to three's own size).
 */
function pmremOfSize(renderer: WebGLRenderer, size: TEnvironmentSize): PMREMGenerator {
  const generator = new PMREMGenerator(renderer);
  const inner = generator as unknown as { _setSize?: unknown; _cubeSize?: number };
  if (size < 256 && typeof inner._setSize === "function") {
    inner._setSize = () => {
      inner._cubeSize = size;
    };
  }
  return generator;
}

/** Makes the per-renderer cache of preset environments. */
export function createEnvironmentCache(renderer: WebGLRenderer, size: TEnvironmentSize): TEnvironmentCache {
  let pmrem: PMREMGenerator | null = null;
  const targets = new Map<string, WebGLRenderTarget>();

  return {
    get(preset) {
      const recipe = environmentRecipe(preset);
      if (!recipe) return null;
      const cached = targets.get(preset);
      if (cached) return cached.texture;
      pmrem ??= pmremOfSize(renderer, size);
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
