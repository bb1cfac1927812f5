/** Pure mappings from build data to three.js settings (tested without WebGL). */
import type { TSceneInfo } from "@vitrine/contract";
import {
  ACESFilmicToneMapping,
  AgXToneMapping,
  Color,
  LinearToneMapping,
  NeutralToneMapping,
  type ToneMapping,
  Vector3,
} from "three";

const TONE_MAPPING: Record<TSceneInfo["tone_mapping"], ToneMapping> = {
  aces: ACESFilmicToneMapping,
  agx: AgXToneMapping,
  neutral: NeutralToneMapping,
  linear: LinearToneMapping,
};

/** The renderer's tone mapping constant for a scene's `tone_mapping`. */
export function toneMappingFor(name: TSceneInfo["tone_mapping"]): ToneMapping {
  return TONE_MAPPING[name];
}

/**
 * Unit vector from the model toward the key light. Azimuth 0 is the model's front (+Z in glTF),
 * positive azimuth turns toward +X; elevation is degrees above the horizon.
 */
export function lightDirection(azimuthDeg: number, elevationDeg: number): Vector3 {
  const az = (azimuthDeg * Math.PI) / 180;
  const el = (elevationDeg * Math.PI) / 180;
  return new Vector3(Math.sin(az) * Math.cos(el), Math.sin(el), Math.cos(az) * Math.cos(el));
}

/** A material's tint: the `#rrggbb` tone (sRGB) in linear space, scaled by `tone_exposure`. */
export function materialTint(tone: string, toneExposure: number): Color {
  return new Color(tone).multiplyScalar(toneExposure);
}

/** Top and bottom colours of the background gradient (`color` at the top, `color2` at the bottom). */
export function gradientColors(background: TSceneInfo["background"]): { top: string; bottom: string } {
  return { top: background.color, bottom: background.color2 };
}

/**
 * Texture repeat and offset that make an image cover the view (like CSS `background-size: cover`),
 * cropping the longer side and keeping the image centred.
 */
export function coverTransform(
  imageAspect: number,
  viewAspect: number,
): { repeat: [number, number]; offset: [number, number] } {
  if (!(imageAspect > 0) || !(viewAspect > 0)) return { repeat: [1, 1], offset: [0, 0] };
  if (imageAspect > viewAspect) {
    const r = viewAspect / imageAspect;
    return { repeat: [r, 1], offset: [(1 - r) / 2, 0] };
  }
  const r = imageAspect / viewAspect;
  return { repeat: [1, r], offset: [0, (1 - r) / 2] };
}

/** How a preset changes the generated room environment; null means no environment lighting. */
export interface TEnvironmentRecipe {
  /** Colours the room's lamp and light panels (sRGB hex). */
  tint: string;
  /** Evens out the light panels so reflections carry less contrast. */
  isFlat: boolean;
}

const RECIPES: Record<TSceneInfo["environment"]["preset"], TEnvironmentRecipe | null> = {
  studio: { tint: "#ffffff", isFlat: false },
  neutral: { tint: "#ffffff", isFlat: true },
  warm: { tint: "#ffd8b0", isFlat: false },
  cool: { tint: "#c8dcff", isFlat: false },
  none: null,
};

/** The environment recipe of a preset. */
export function environmentRecipe(preset: TSceneInfo["environment"]["preset"]): TEnvironmentRecipe | null {
  return RECIPES[preset];
}
