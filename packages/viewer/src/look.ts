/**
 * The look around the model: the background, the image-based light (a preset's environment,
 * made at the first draw that shows it and kept for later), the lights and their shadows, tone
 * mapping and exposure. The camera and auto-rotation are the rig's.
 */
import type { TSceneInfo } from "@vitrine/contract";
import type { Box3, Scene, Sphere, WebGLRenderer } from "three";
import { createBackground } from "./background";
import { FALLBACK_SCENE } from "./default-scene";
import { createEnvironmentCache, isSoftwareRenderer, type TEnvironmentSize } from "./environment";
import { createLighting } from "./lighting";
import { toneMappingFor } from "./scene-math";

/** The look of one engine's scene. */
export interface TLook {
  /** Takes a scene's background, light, tone mapping and exposure. */
  apply(info: TSceneInfo): void;
  /** Before a draw: the environment of the current preset, built or taken from the cache. */
  syncEnvironment(): void;
  /** Fits the background to the view's aspect ratio. */
  fitAspect(aspect: number): void;
  /** Fits the lights and the ground's shadow to a model's bounding sphere and box (its floor). */
  fitModel(sphere: Sphere, bounds: Box3): void;
  dispose(): void;
}

/** Creates the look; `onReady` hears when a background image has arrived (draw again). */
export function createLook(
  renderer: WebGLRenderer,
  scene: Scene,
  environmentSize: TEnvironmentSize | undefined,
  onReady: () => void,
): TLook {
  const environments = createEnvironmentCache(
    renderer,
    environmentSize ?? (isSoftwareRenderer(renderer) ? 128 : 256),
  );
  const background = createBackground(scene, onReady);
  const lighting = createLighting(scene);
  let preset: TSceneInfo["environment"]["preset"] = FALLBACK_SCENE.environment.preset;
  let shownPreset: TSceneInfo["environment"]["preset"] | null = null;
  return {
    apply(info) {
      background.apply(info.background);
      // Made at the next draw (while the model downloads), and only for the preset finally shown.
      preset = info.environment.preset;
      scene.environmentIntensity = info.environment.intensity;
      lighting.apply(info);
      renderer.toneMapping = toneMappingFor(info.tone_mapping);
      renderer.toneMappingExposure = info.exposure;
    },
    syncEnvironment() {
      if (preset === shownPreset) return;
      scene.environment = environments.get(preset);
      shownPreset = preset;
    },
    fitAspect(aspect) {
      background.fit(aspect);
    },
    fitModel(sphere, bounds) {
      lighting.fit(sphere, bounds.isEmpty() ? 0 : bounds.min.y);
    },
    dispose() {
      environments.dispose();
      background.dispose();
      lighting.dispose();
    },
  };
}
