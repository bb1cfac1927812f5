/// <reference types="node" />
// Reads the Fox fixture from disk (the package itself never touches Node APIs).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BoxGeometry, CylinderGeometry, Group, Mesh, Texture } from "three";
import { GLTFLoader, type GLTFLoaderPlugin } from "three/examples/jsm/loaders/GLTFLoader.js";
import { describe, expect, it } from "vitest";
import { boxSize, modelBounds } from "./facts";

const FOX = join(__dirname, "..", "..", "..", "fixtures", "models", "Fox.glb");

/** Parses a GLB without decoding its pictures (jsdom has none to decode; sizes do not need them). */
async function parse(path: string) {
  const loader = new GLTFLoader();
  const noTextures = (): GLTFLoaderPlugin => ({
    name: "test-no-textures",
    loadTexture: () => Promise.resolve(new Texture()),
  });
  loader.register(noTextures);
  return loader.parseAsync(Uint8Array.from(readFileSync(path)).buffer, "");
}

const round2 = (size: number[]) => size.map((n) => Math.round(n * 100) / 100);

describe("model size (the Size readout)", () => {
  it("measures the Fox as drawn: its skinned body on the base, height on the up axis", async () => {
    const gltf = await parse(FOX);
    // Width × height × depth in metres. The fox's armature is rotated 90° and scaled 0.0254,
    // its skinned body stands 2.0 m tall on a 3.46 m hexagonal base that reaches 0.22 m below 0.
    expect(round2(boxSize(modelBounds(gltf.scene)))).toEqual([3.46, 2.23, 4.1]);
  });

  it("uses the root's rotation and scale, and the exact geometry rather than a rotated loose box", () => {
    // A Z-up part (10 × 20 × 30 units, units of 1 cm) under a root turned upright and scaled.
    const part = new Mesh(new BoxGeometry(10, 20, 30));
    const root = new Group();
    root.rotation.x = -Math.PI / 2;
    root.scale.setScalar(0.01);
    root.add(part);
    const [w, h, d] = boxSize(modelBounds(root));
    expect(w).toBeCloseTo(0.1, 6);
    expect(h).toBeCloseTo(0.3, 6);
    expect(d).toBeCloseTo(0.2, 6);

    // A round table (2 m across, 0.2 m thick) turned 45°: still 2 m across, not 2.83 m.
    const table = new Mesh(new CylinderGeometry(1, 1, 0.2, 64));
    const turned = new Group();
    turned.rotation.y = Math.PI / 4;
    turned.add(table);
    const [tw, th, td] = boxSize(modelBounds(turned));
    expect(tw).toBeCloseTo(2, 2);
    expect(th).toBeCloseTo(0.2, 6);
    expect(td).toBeCloseTo(2, 2);
  });
});
