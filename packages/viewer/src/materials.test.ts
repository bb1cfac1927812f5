import type { TMaterialSetting } from "@vitrine/contract";
import { BoxGeometry, Color, Group, type Material, Mesh, MeshStandardMaterial } from "three";
import { describe, expect, it } from "vitest";
import { createMaterialRegistry } from "./materials";

function model() {
  const body = new MeshStandardMaterial({ name: "Body", color: 0x336699, metalness: 0.1, roughness: 0.7 });
  const unnamed = new MeshStandardMaterial({ color: 0xffffff, metalness: 1, roughness: 0.2 });
  const root = new Group();
  root.add(new Mesh(new BoxGeometry(), body), new Mesh(new BoxGeometry(), unnamed));
  const index = new Map<Material, number>([
    [body, 0],
    [unnamed, 1],
  ]);
  return { root, body, unnamed, registry: createMaterialRegistry(root, (m) => index.get(m)) };
}

const setting = (over: Partial<TMaterialSetting>): TMaterialSetting => ({
  material: "Body",
  tone: "#ff0000",
  tone_exposure: 2,
  metalness: 0.9,
  roughness: 0.3,
  env_reflection: 1.5,
  opacity: 1,
  ...over,
});

describe("material settings", () => {
  it("names materials as the file does, #<index> when unnamed", () => {
    expect(model().registry.names).toEqual(["Body", "#1"]);
  });

  it("offers the file's own look as the starting settings", () => {
    const [body] = model().registry.defaults();
    expect(body).toMatchObject({ material: "Body", tone: "#336699", tone_exposure: 1, opacity: 1 });
    expect(body?.metalness).toBeCloseTo(0.1, 6);
    expect(body?.roughness).toBeCloseTo(0.7, 6);
  });

  it("tints, sets metal, roughness and reflections, and applying twice does not compound", () => {
    const { body, unnamed, registry } = model();
    registry.apply([setting({})]);
    registry.apply([setting({})]);
    const expected = new Color("#ff0000").multiplyScalar(2);
    expect(body.color.r).toBeCloseTo(expected.r, 9);
    expect(body.metalness).toBe(0.9);
    expect(body.roughness).toBe(0.3);
    expect(body.envMapIntensity).toBe(1.5);
    expect(unnamed.color.getHexString()).toBe("ffffff");
  });

  it("returns a material to the file's look when its setting is removed, and on reset", () => {
    const { body, registry } = model();
    registry.apply([setting({})]);
    registry.apply([]);
    expect(body.color.getHexString()).toBe("336699");
    registry.apply([setting({ material: "#1", tone: "#00ff00" }), setting({})]);
    registry.reset();
    expect(body.color.getHexString()).toBe("336699");
    expect(body.metalness).toBeCloseTo(0.1, 6);
    expect(body.envMapIntensity).toBe(1);
  });
});
