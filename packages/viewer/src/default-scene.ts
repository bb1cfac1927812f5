/**
 * The scene used until the build data says otherwise. It mirrors the contract's `DEFAULT_SCENE`
 * (a test keeps them equal); it is copied here so the engine imports only types from the contract
 * and never pulls zod into the `/embed` bundle.
 */
import type { TCameraView, TSceneInfo } from "@vitrine/contract";

/** Scene settings before `applyScene`. */
export const FALLBACK_SCENE: TSceneInfo = {
  background: { type: "gradient", color: "#f4f6fb", color2: "#dfe4ee", image: null },
  environment: { preset: "studio", intensity: 1 },
  key_light: { azimuth: 35, elevation: 45, intensity: 0, color: "#ffffff" },
  shadows: { enabled: true, opacity: 0.4 },
  tone_mapping: "neutral",
  exposure: 1,
  camera: null,
  auto_rotate: false,
};

/** Where the camera starts before a model or a view is given: 5 units in front of the origin. */
export const INITIAL_VIEW: TCameraView = { position: [0, 0, 5], target: [0, 0, 0], fov: 45 };
