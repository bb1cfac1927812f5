/**
 * The model's materials by name, with their original values kept so settings are always applied
 * from the file's look (applying twice never compounds) and can be reset.
 */
import type { TMaterialSetting } from "@vitrine/contract";
import type { Color, Material, Mesh, Object3D } from "three";
import { materialTint } from "./scene-math";

interface TOriginal {
  color: Color | null;
  metalness: number | null;
  roughness: number | null;
  envMapIntensity: number | null;
  opacity: number;
}

interface TEntry {
  name: string;
  materials: Material[];
  original: TOriginal;
}

/** Materials grouped by the name the build data uses. */
export interface TMaterialRegistry {
  /** Names in glTF order (`#<index>` for unnamed). */
  readonly names: string[];
  /** The file's own values, as settings. */
  defaults(): TMaterialSetting[];
  apply(settings: readonly TMaterialSetting[]): void;
  reset(): void;
}

interface TLit {
  color?: Color;
  metalness?: number;
  roughness?: number;
  envMapIntensity?: number;
}

function lit(material: Material): TLit {
  return material as Material & TLit;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" ? value : null;
}

/** Name used for a material: its own, or `#<glTF index>` when it has none. */
export function materialName(name: string, index: number): string {
  return name === "" ? `#${index}` : name;
}

/**
 * Collects the materials of a loaded model. `indexOf` gives a material's glTF index (from the
 * loader's associations); materials without one are numbered after the known ones.
 */
export function createMaterialRegistry(
  root: Object3D,
  indexOf: (material: Material) => number | undefined,
): TMaterialRegistry {
  const byIndex = new Map<number, Material[]>();
  let extra = 10_000;
  const seen = new Map<Material, number>();
  root.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh) return;
    const list = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const material of list) {
      if (seen.has(material)) continue;
      const index = indexOf(material) ?? extra++;
      seen.set(material, index);
      const group = byIndex.get(index) ?? [];
      group.push(material);
      byIndex.set(index, group);
    }
  });

  const entries: TEntry[] = [...byIndex.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([index, materials]) => {
      const first = lit(materials[0] as Material);
      return {
        name: materialName((materials[0] as Material).name, index),
        materials,
        original: {
          color: first.color ? first.color.clone() : null,
          metalness: numberOrNull(first.metalness),
          roughness: numberOrNull(first.roughness),
          envMapIntensity: numberOrNull(first.envMapIntensity),
          opacity: (materials[0] as Material).opacity,
        },
      };
    });

  const restore = (entry: TEntry) => {
    for (const material of entry.materials) {
      const m = lit(material);
      if (m.color && entry.original.color) m.color.copy(entry.original.color);
      if (entry.original.metalness !== null) m.metalness = entry.original.metalness;
      if (entry.original.roughness !== null) m.roughness = entry.original.roughness;
      if (entry.original.envMapIntensity !== null) m.envMapIntensity = entry.original.envMapIntensity;
      material.opacity = entry.original.opacity;
    }
  };

  return {
    names: entries.map((entry) => entry.name),
    defaults() {
      return entries.map(({ name, original }) => ({
        material: name,
        tone: `#${original.color ? original.color.getHexString() : "ffffff"}`,
        tone_exposure: 1,
        metalness: original.metalness ?? 0,
        roughness: original.roughness ?? 1,
        env_reflection: original.envMapIntensity ?? 1,
        opacity: 1 as const,
      }));
    },
    apply(settings) {
      const byName = new Map(settings.map((setting) => [setting.material, setting]));
      for (const entry of entries) {
        restore(entry);
        const setting = byName.get(entry.name);
        if (!setting) continue;
        const tint = materialTint(setting.tone, setting.tone_exposure);
        for (const material of entry.materials) {
          const m = lit(material);
          m.color?.copy(tint);
          if (m.metalness !== undefined) m.metalness = setting.metalness;
          if (m.roughness !== undefined) m.roughness = setting.roughness;
          if (m.envMapIntensity !== undefined) m.envMapIntensity = setting.env_reflection;
          // Opacity in the build data is fixed at 1: it keeps the file's own opacity.
          material.opacity = entry.original.opacity * setting.opacity;
        }
      }
    },
    reset() {
      for (const entry of entries) restore(entry);
    },
  };
}
