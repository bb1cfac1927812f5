import {
  type BufferGeometry,
  Color,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PointLight,
  Vector3,
} from "three";
import { describe, expect, it } from "vitest";
import { environmentRecipe, type TEnvironmentRecipe } from "./scene-math";
import { createStudioRoom } from "./studio-room";

function roomOf(recipe: TEnvironmentRecipe | null) {
  if (!recipe) throw new Error("no recipe");
  const room = createStudioRoom(recipe);
  const meshes = room.scene.children.filter((child): child is Mesh => child instanceof Mesh);
  const panels = meshes.find((mesh) => mesh.material instanceof MeshBasicMaterial);
  const walls = meshes.find((mesh) => mesh.material instanceof MeshStandardMaterial);
  const lamp = room.scene.children.find((child): child is PointLight => child instanceof PointLight);
  const wallMaterial = walls?.material;
  if (!panels || !(wallMaterial instanceof MeshStandardMaterial) || !lamp) throw new Error("incomplete room");
  return { room, meshes, panels, wallMaterial, lamp };
}

/** Light the panels send out: surface area times colour, summed over their triangles. */
function panelLight(geometry: BufferGeometry): Color {
  const position = geometry.getAttribute("position");
  const colour = geometry.getAttribute("color");
  const index = geometry.getIndex();
  if (!index) throw new Error("panels without an index");
  const [a, b, c] = [new Vector3(), new Vector3(), new Vector3()];
  const total = new Color(0, 0, 0);
  for (let i = 0; i < index.count; i += 3) {
    const [ia, ib, ic] = [index.getX(i), index.getX(i + 1), index.getX(i + 2)];
    a.fromBufferAttribute(position, ia);
    b.fromBufferAttribute(position, ib).sub(a);
    c.fromBufferAttribute(position, ic).sub(a);
    const area = b.cross(c).length() / 2;
    total.r += area * colour.getX(ia);
    total.g += area * colour.getY(ia);
    total.b += area * colour.getZ(ia);
  }
  return total;
}

describe("studio room", () => {
  it("draws in two meshes, lit walls and glowing panels, under one lamp", () => {
    const { room, meshes } = roomOf(environmentRecipe("studio"));
    expect(meshes).toHaveLength(2);
    room.dispose();
  });

  it("lights the neutral preset as brightly as the studio, from evenly bright panels", () => {
    const studio = roomOf(environmentRecipe("studio"));
    const neutral = roomOf(environmentRecipe("neutral"));
    const glows = new Set(Array.from(neutral.panels.geometry.getAttribute("color").array));
    expect(glows.size).toBe(1);
    expect(panelLight(neutral.panels.geometry).r).toBeCloseTo(panelLight(studio.panels.geometry).r, 3);
    expect(neutral.lamp.intensity).toBe(studio.lamp.intensity);
    studio.room.dispose();
    neutral.room.dispose();
  });

  it("tints lamp and panels for warm and cool, leaving the walls white", () => {
    for (const preset of ["warm", "cool"] as const) {
      const recipe = environmentRecipe(preset);
      const { room, panels, wallMaterial, lamp } = roomOf(recipe);
      const tint = new Color(recipe?.tint);
      const light = panelLight(panels.geometry);
      expect(light.b / light.r).toBeCloseTo(tint.b / tint.r, 5);
      expect(lamp.color.equals(tint)).toBe(true);
      expect(wallMaterial.color.getHex()).toBe(0xffffff);
      room.dispose();
    }
  });
});
