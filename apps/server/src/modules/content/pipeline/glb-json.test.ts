/**
 * The served `.glb`'s JSON written small (issue 16): the same model, read back value for value,
 * valid to the Khronos validator, with fewer bytes.
 */
import { NodeIO } from "@gltf-transform/core";
import { describe, expect, it } from "vitest";
import { fixtureModel } from "../../../../test/support/models";
import { compactGlb, compactGltfJson, shortFloat32 } from "./glb-json";
import { loadGltfValidator } from "./packages";

function jsonOf(glb: Uint8Array): Record<string, unknown> {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

describe("shortFloat32", () => {
  it("writes a float32 with the fewest digits that read back as the same float32", () => {
    expect(shortFloat32(15.960000038146973)).toBe(15.96);
    expect(shortFloat32(Math.fround(0.1))).toBe(0.1);
    expect(Math.fround(shortFloat32(Math.fround(13.376958847)))).toBe(Math.fround(13.376958847));
  });

  it("keeps integers and numbers that are not float32 as they are", () => {
    expect(shortFloat32(32767)).toBe(32767);
    expect(shortFloat32(0.6)).toBe(0.6);
    expect(shortFloat32(1 / 3)).toBe(1 / 3);
  });
});

describe("compactGltfJson", () => {
  it("drops the schema's defaults and keeps everything else", () => {
    const json = {
      accessors: [
        { bufferView: 0, byteOffset: 0, normalized: false, componentType: 5126, count: 2, type: "SCALAR" },
      ],
      bufferViews: [
        {
          buffer: 1,
          byteOffset: 0,
          byteLength: 8,
          extensions: {
            EXT_meshopt_compression: {
              buffer: 0,
              byteOffset: 0,
              byteLength: 5,
              filter: "NONE",
              mode: "ATTRIBUTES",
              byteStride: 4,
              count: 2,
            },
          },
        },
      ],
      animations: [
        {
          samplers: [
            { input: 0, output: 0, interpolation: "LINEAR" },
            { input: 0, output: 0, interpolation: "STEP" },
          ],
          channels: [],
        },
      ],
      samplers: [{ wrapS: 10497, wrapT: 33071, magFilter: 9729 }],
      meshes: [
        {
          primitives: [
            { attributes: { POSITION: 0 }, mode: 4 },
            { attributes: { POSITION: 0 }, mode: 1 },
          ],
        },
      ],
      nodes: [{ translation: [Math.fround(0.3), 0.3, 2], extras: { exact: Math.fround(0.3) } }],
    };
    expect(compactGltfJson(json)).toEqual({
      accessors: [{ bufferView: 0, componentType: 5126, count: 2, type: "SCALAR" }],
      bufferViews: [
        {
          buffer: 1,
          byteLength: 8,
          extensions: {
            EXT_meshopt_compression: {
              buffer: 0,
              byteLength: 5,
              mode: "ATTRIBUTES",
              byteStride: 4,
              count: 2,
            },
          },
        },
      ],
      animations: [
        {
          samplers: [
            { input: 0, output: 0 },
            { input: 0, output: 0, interpolation: "STEP" },
          ],
          channels: [],
        },
      ],
      samplers: [{ wrapT: 33071, magFilter: 9729 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }, { attributes: { POSITION: 0 }, mode: 1 }] }],
      nodes: [{ translation: [0.3, 0.3, 2], extras: { exact: Math.fround(0.3) } }],
    });
    // The input is not changed.
    expect(json.accessors[0]?.byteOffset).toBe(0);
  });
});

describe("compactGlb", () => {
  it("writes Fox smaller, valid, and read back with the same nodes, bounds and data", async () => {
    const input = fixtureModel("Fox.glb");
    // gltf-transform's own writing of Fox, as the pipeline gets it.
    const io = new NodeIO();
    const written = await io.writeBinary(await io.readBinary(input));
    const compact = compactGlb(written);
    expect(compact.byteLength).toBeLessThan(written.byteLength);
    expect(compact.byteLength % 4).toBe(0);

    const validator = await loadGltfValidator();
    const report = await validator.validateBytes(compact, { maxIssues: 10 });
    expect(report.issues.numErrors).toBe(0);

    const [a, b] = await Promise.all([io.readBinary(written), io.readBinary(compact)]);
    const f32 = (values: number[]) => values.map(Math.fround);
    const nodes = (document: typeof a) =>
      document
        .getRoot()
        .listNodes()
        .map((node) => [
          node.getName(),
          f32(node.getTranslation()),
          f32(node.getRotation()),
          f32(node.getScale()),
        ]);
    expect(nodes(b)).toEqual(nodes(a));
    const accessors = (document: typeof a) =>
      document
        .getRoot()
        .listAccessors()
        .map((accessor) => [
          f32(accessor.getMin([])),
          f32(accessor.getMax([])),
          Array.from(accessor.getArray() ?? []),
        ]);
    expect(accessors(b)).toEqual(accessors(a));
    expect(jsonOf(compact).accessors).not.toContainEqual(expect.objectContaining({ byteOffset: 0 }));
  });

  it("leaves out samplers that only say the defaults, and keeps them when one says more", () => {
    const json = { samplers: [{ wrapS: 10497, wrapT: 10497 }], textures: [{ sampler: 0, source: 0 }] };
    expect(compactGltfJson(json)).toEqual({ textures: [{ source: 0 }] });
    const clamped = { samplers: [{}, { wrapS: 33071 }], textures: [{ sampler: 0 }, { sampler: 1 }] };
    expect(compactGltfJson(clamped)).toEqual(clamped);
  });

  it("returns what is not a GLB unchanged", () => {
    const bytes = new TextEncoder().encode('{"asset":{"version":"2.0"}}');
    expect(compactGlb(bytes)).toBe(bytes);
  });
});
