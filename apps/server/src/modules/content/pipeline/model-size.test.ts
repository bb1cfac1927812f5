import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Document, NodeIO } from "@gltf-transform/core";
import { describe, expect, it } from "vitest";
import { sceneSize } from "./model-size";

const FOX = join(__dirname, "..", "..", "..", "..", "..", "..", "fixtures", "models", "Fox.glb");

const round2 = (size: number[]) => size.map((n) => Math.round(n * 100) / 100);

/** A scene with one mesh of the given points under a root with this rotation (quaternion) and scale. */
function sceneOf(points: number[], rotation: [number, number, number, number], scale: number) {
  const document = new Document();
  const buffer = document.createBuffer();
  const position = document
    .createAccessor()
    .setType("VEC3")
    .setArray(new Float32Array(points))
    .setBuffer(buffer);
  const mesh = document
    .createMesh()
    .addPrimitive(document.createPrimitive().setAttribute("POSITION", position));
  const root = document
    .createNode("root")
    .setRotation(rotation)
    .setScale([scale, scale, scale])
    .addChild(document.createNode("part").setMesh(mesh));
  return document.createScene().addChild(root);
}

describe("model size", () => {
  it("measures the Fox as drawn: the skinned body (2.0 m tall) on its 3.46 m base", async () => {
    const document = await new NodeIO().readBinary(new Uint8Array(readFileSync(FOX)));
    const scene = document.getRoot().listScenes()[0] ?? null;
    // Width × height × depth; the old loose measure said 3.46 × 0.31 × 4.0 (the skin ignored).
    expect(round2(sceneSize(scene))).toEqual([3.46, 2.23, 4.1]);
  });

  it("applies a rotated and scaled root and measures the geometry, not a rotated loose box", () => {
    // A Z-up part 10 × 20 × 30 cm (corners), turned upright (-90° about X) and scaled to metres.
    const corners: number[] = [];
    for (const x of [0, 10]) for (const y of [0, 20]) for (const z of [0, 30]) corners.push(x, y, z);
    const half = Math.SQRT1_2;
    const [w, h, d] = sceneSize(sceneOf(corners, [-half, 0, 0, half], 0.01));
    expect(w).toBeCloseTo(0.1, 5);
    expect(h).toBeCloseTo(0.3, 5);
    expect(d).toBeCloseTo(0.2, 5);

    // A round plate 2 m across turned 45° about Y stays 2 m across (a loose box says 2.83 m).
    const ring: number[] = [];
    for (let i = 0; i < 64; i++) {
      const a = (i / 64) * 2 * Math.PI;
      ring.push(Math.cos(a), 0, Math.sin(a), Math.cos(a), 0.1, Math.sin(a));
    }
    const turn = Math.PI / 8;
    const [pw, ph, pd] = sceneSize(sceneOf(ring, [0, Math.sin(turn), 0, Math.cos(turn)], 1));
    expect(pw).toBeCloseTo(2, 2);
    expect(ph).toBeCloseTo(0.1, 5);
    expect(pd).toBeCloseTo(2, 2);
  });

  it("answers zeros for a scene that draws nothing", () => {
    expect(sceneSize(new Document().createScene())).toEqual([0, 0, 0]);
    expect(sceneSize(null)).toEqual([0, 0, 0]);
  });
});
