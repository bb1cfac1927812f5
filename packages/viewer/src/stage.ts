/**
 * The engine's stage: the WebGL renderer on the host's canvas (shadows drawn only when asked),
 * the scene, and the group the model goes in.
 */
import { Color, Group, Scene, VSMShadowMap, WebGLRenderer } from "three";
import { FALLBACK_SCENE } from "./default-scene";
import type { TEngineHost } from "./engine-types";

/** Makes the renderer, the scene and its model group; throws when WebGL is unavailable. */
export function createStage(
  canvas: TEngineHost["canvas"],
  background: TEngineHost["background"],
): { renderer: WebGLRenderer; scene: Scene; modelRoot: Group } {
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: false });
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = VSMShadowMap;
  // Shadows only change with the model, its pose or the light, not when the camera orbits.
  renderer.shadowMap.autoUpdate = false;
  renderer.setClearColor(new Color(background ?? FALLBACK_SCENE.background.color));
  const scene = new Scene();
  if (background) scene.background = new Color(background);
  const modelRoot = new Group();
  modelRoot.name = "vt-model";
  scene.add(modelRoot);
  return { renderer, scene, modelRoot };
}
