/**
 * Models with the validator errors that three.js, Babylon and `<model-viewer>` draw past (issue
 * 29), one fault each, built from a small skinned, animated, vertex-coloured bar: the pipeline
 * must accept and repair every one. Faults in the data are made through gltf-transform (which
 * writes what it is given); faults in the layout (strides, declared bounds) by editing the
 * written JSON, as exporters produce them.
 */
import { Document, NodeIO } from "@gltf-transform/core";
import { KHRTextureTransform } from "@gltf-transform/extensions";
import { gradientPng, texturedBoxDocument } from "./models";

/** One broken model: the validator error it has and the repair the report must name. */
export interface TBrokenModel {
  name: string;
  /** A validator error code the upload has (null: a warning only, e.g. an unknown optional extension). */
  code: string | null;
  /** The repair kind the optimisation report names. */
  repair: string;
  bytes: Uint8Array;
}

type TJson = {
  accessors: Array<Record<string, unknown>>;
  bufferViews: Array<Record<string, unknown>>;
  buffers: Array<Record<string, unknown>>;
  animations: Array<{ samplers: Array<{ input: number; output: number }> }>;
  skins: Array<{ inverseBindMatrices: number }>;
  extensionsUsed?: string[];
};

/** A bar of `segments` boxes along y, skinned to two joints, with a clip that bends it. */
function skinnedBar(): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const positions: number[] = [];
  const normals: number[] = [];
  const tangents: number[] = [];
  const colors: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  const indices: number[] = [];
  const rings = 5;
  for (let r = 0; r < rings; r++) {
    const y = r / (rings - 1);
    for (const [x, z] of [
      [-0.1, -0.1],
      [0.1, -0.1],
      [0.1, 0.1],
      [-0.1, 0.1],
    ] as const) {
      positions.push(x, y, z);
      const length = Math.hypot(x, z);
      normals.push(x / length, 0, z / length);
      tangents.push(0, 1, 0, 1);
      colors.push(y, 0.5, 1 - y, 1);
      joints.push(0, 1, 0, 0);
      weights.push(1 - y, y, 0, 0);
    }
  }
  for (let r = 0; r + 1 < rings; r++) {
    for (let k = 0; k < 4; k++) {
      const a = r * 4 + k;
      const b = r * 4 + ((k + 1) % 4);
      indices.push(a, b, a + 4, b, b + 4, a + 4);
    }
  }
  const accessor = (type: "SCALAR" | "VEC3" | "VEC4", array: Float32Array | Uint16Array) =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const primitive = document
    .createPrimitive()
    .setAttribute("POSITION", accessor("VEC3", new Float32Array(positions)))
    .setAttribute("NORMAL", accessor("VEC3", new Float32Array(normals)))
    .setAttribute("TANGENT", accessor("VEC4", new Float32Array(tangents)))
    .setAttribute("COLOR_0", accessor("VEC4", new Float32Array(colors)))
    .setAttribute("JOINTS_0", accessor("VEC4", new Uint16Array(joints)))
    .setAttribute("WEIGHTS_0", accessor("VEC4", new Float32Array(weights)))
    .setIndices(accessor("SCALAR", new Uint16Array(indices)))
    .setMaterial(document.createMaterial("Paint").setRoughnessFactor(0.6));
  const mesh = document.createMesh("Bar").addPrimitive(primitive);
  const root = document.createNode("Root");
  const tip = document.createNode("Tip").setTranslation([0, 0.5, 0]);
  root.addChild(tip);
  const ibm = new Float32Array([
    1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.5, 0, 1,
  ]);
  const skin = document
    .createSkin("Skin")
    .addJoint(root)
    .addJoint(tip)
    .setInverseBindMatrices(document.createAccessor().setType("MAT4").setArray(ibm).setBuffer(buffer));
  const body = document.createNode("Body").setMesh(mesh).setSkin(skin);
  document.createScene("Scene").addChild(root).addChild(body);
  const s = Math.SQRT1_2 * 0.5;
  const times = accessor("SCALAR", new Float32Array([0, 0.5, 1, 1.5]));
  const bend = document
    .createAnimationSampler()
    .setInput(times)
    .setOutput(
      accessor(
        "VEC4",
        new Float32Array([
          0,
          0,
          0,
          1,
          0,
          0,
          s,
          Math.sqrt(1 - s * s),
          0,
          0,
          0,
          1,
          0,
          0,
          -s,
          Math.sqrt(1 - s * s),
        ]),
      ),
    )
    .setInterpolation("LINEAR");
  const lift = document
    .createAnimationSampler()
    .setInput(times)
    .setOutput(accessor("VEC3", new Float32Array([0, 0.5, 0, 0, 0.6, 0, 0, 0.5, 0, 0, 0.4, 0])))
    .setInterpolation("LINEAR");
  document
    .createAnimation("Bend")
    .addSampler(bend)
    .addSampler(lift)
    .addChannel(
      document.createAnimationChannel().setTargetNode(tip).setTargetPath("rotation").setSampler(bend),
    )
    .addChannel(
      document.createAnimationChannel().setTargetNode(tip).setTargetPath("translation").setSampler(lift),
    );
  return document;
}

/** A `.glb` of a JSON and its one binary chunk. */
export function glbOf(json: object, bin: Uint8Array): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = Math.ceil(text.length / 4) * 4;
  const binLength = Math.ceil(bin.length / 4) * 4;
  const total = 12 + 8 + jsonLength + 8 + binLength;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  bytes.fill(0x20, 20, 20 + jsonLength);
  bytes.set(text, 20);
  view.setUint32(20 + jsonLength, binLength, true);
  view.setUint32(24 + jsonLength, 0x004e4942, true);
  bytes.set(bin, 28 + jsonLength);
  return bytes;
}

/** The document as a `.glb` whose JSON `edit` may change (and whose buffer it may extend). */
async function written(
  document: Document,
  edit?: (json: TJson, bin: Uint8Array) => Uint8Array,
): Promise<Uint8Array> {
  const { json, resources } = await new NodeIO().writeJSON(document);
  let bin: Uint8Array = Object.values(resources)[0] ?? new Uint8Array();
  const parsed = json as unknown as TJson;
  if (edit) bin = edit(parsed, bin);
  const first = parsed.buffers[0];
  if (first) {
    delete first.uri;
    first.byteLength = bin.byteLength;
  }
  return glbOf(parsed, bin);
}

/** Moves accessor `index`'s data into a buffer view of its own with `stride`, at the buffer's end. */
function ownViewWithStride(
  json: TJson,
  bin: Uint8Array,
  index: number,
  stride: number,
  bytes: number,
): Uint8Array {
  const accessor = json.accessors[index];
  if (!accessor) throw new Error(`no accessor ${index}`);
  const view = json.bufferViews[accessor.bufferView as number];
  const start =
    ((view?.byteOffset as number | undefined) ?? 0) + ((accessor.byteOffset as number | undefined) ?? 0);
  const data = bin.slice(start, start + bytes);
  const offset = Math.ceil(bin.byteLength / 4) * 4;
  const grown = new Uint8Array(offset + data.byteLength);
  grown.set(bin);
  grown.set(data, offset);
  json.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: data.byteLength, byteStride: stride });
  accessor.bufferView = json.bufferViews.length - 1;
  delete accessor.byteOffset;
  return grown;
}

function attributeArray(document: Document, semantic: string): Float32Array {
  const array = document.getRoot().listMeshes()[0]?.listPrimitives()[0]?.getAttribute(semantic)?.getArray();
  if (!(array instanceof Float32Array)) throw new Error(`no float ${semantic}`);
  return array;
}

/** The bar the broken models are made from, as it should be: valid. */
export function soundBarGlb(): Promise<Uint8Array> {
  return written(skinnedBar());
}

/** Every broken model, one fault each. */
export async function brokenModels(): Promise<TBrokenModel[]> {
  const variant = async (
    name: string,
    code: string | null,
    repair: string,
    breakDocument: (document: Document) => void,
    edit?: (json: TJson, bin: Uint8Array) => Uint8Array,
  ): Promise<TBrokenModel> => {
    const document = skinnedBar();
    breakDocument(document);
    return { name, code, repair, bytes: await written(document, edit) };
  };
  const samplerOf = (document: Document, n: number) => {
    const sampler = document.getRoot().listAnimations()[0]?.listSamplers()[n];
    if (!sampler) throw new Error("no sampler");
    return sampler;
  };
  return Promise.all([
    variant("weights-sum", "ACCESSOR_WEIGHTS_NON_NORMALIZED", "weights", (d) => {
      const weights = attributeArray(d, "WEIGHTS_0");
      for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] as number) * 1.039;
    }),
    variant("weights-negative", "ACCESSOR_WEIGHTS_NEGATIVE", "weights", (d) => {
      const weights = attributeArray(d, "WEIGHTS_0");
      weights[2] = -0.1;
    }),
    variant("joint-outside-skin", "ACCESSOR_JOINTS_INDEX_OOB", "joints", (d) => {
      const joints = d.getRoot().listMeshes()[0]?.listPrimitives()[0]?.getAttribute("JOINTS_0")?.getArray();
      if (joints) joints[1] = 7;
    }),
    variant("normals-long", "ACCESSOR_VECTOR3_NON_UNIT", "normals", (d) => {
      const normals = attributeArray(d, "NORMAL");
      for (let i = 0; i < 12; i++) normals[i] = (normals[i] as number) * 1.3;
    }),
    variant("tangent-sign", "ACCESSOR_INVALID_SIGN", "tangents", (d) => {
      attributeArray(d, "TANGENT")[3] = 0.5;
    }),
    variant("colour-over-one", "ACCESSOR_NON_CLAMPED", "colors", (d) => {
      attributeArray(d, "COLOR_0")[1] = 1.4;
    }),
    variant(
      "rotation-keyframe-long",
      "ACCESSOR_ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION",
      "rotations",
      (d) => {
        const output = samplerOf(d, 0).getOutput()?.getArray();
        if (output) for (let i = 0; i < output.length; i++) output[i] = (output[i] as number) * 1.2;
      },
    ),
    variant("node-rotation-long", "ROTATION_NON_UNIT", "rotations", (d) => {
      d.getRoot().listNodes()[0]?.setRotation([0, 0, 0.6, 0.6]);
    }),
    variant("keyframes-backwards", "ACCESSOR_ANIMATION_INPUT_NON_INCREASING", "keyframes", (d) => {
      const input = d
        .createAccessor()
        .setType("SCALAR")
        .setArray(new Float32Array([0, 0.5, 0.5, 1.5]));
      input.setBuffer(d.getRoot().listBuffers()[0] ?? null);
      samplerOf(d, 1).setInput(input);
    }),
    variant("channel-twice", "ANIMATION_DUPLICATE_TARGETS", "channels", (d) => {
      const animation = d.getRoot().listAnimations()[0];
      const tip = d.getRoot().listNodes()[1];
      if (animation && tip)
        animation.addChannel(
          d
            .createAnimationChannel()
            .setTargetNode(tip)
            .setTargetPath("translation")
            .setSampler(samplerOf(d, 1)),
        );
    }),
    variant("not-a-number", "ACCESSOR_INVALID_FLOAT", "numbers", (d) => {
      attributeArray(d, "COLOR_0")[5] = Number.NaN;
    }),
    variant("index-past-end", "ACCESSOR_INDEX_OOB", "indices", (d) => {
      const indices = d.getRoot().listMeshes()[0]?.listPrimitives()[0]?.getIndices()?.getArray();
      if (indices) indices[4] = 400;
    }),
    variant(
      "bounds-wrong",
      "ACCESSOR_MAX_MISMATCH",
      "layout",
      () => {},
      (json, bin) => {
        const position = json.accessors.findIndex((a) => Array.isArray(a.max) && a.type === "VEC3");
        const accessor = json.accessors[position];
        if (accessor) accessor.max = [0.5, 2, 0.5];
        return bin;
      },
    ),
    variant(
      "animation-stride",
      "ANIMATION_SAMPLER_ACCESSOR_WITH_BYTESTRIDE",
      "layout",
      () => {},
      (json, bin) => {
        const input = json.animations[0]?.samplers[0]?.input ?? 0;
        return ownViewWithStride(json, bin, input, 4, 4 * 4);
      },
    ),
    variant(
      "bind-matrices-stride",
      "SKIN_IBM_ACCESSOR_WITH_BYTESTRIDE",
      "layout",
      () => {},
      (json, bin) => ownViewWithStride(json, bin, json.skins[0]?.inverseBindMatrices ?? 0, 64, 2 * 64),
    ),
    variant(
      "unknown-extension-required-unused",
      "UNUSED_EXTENSION_REQUIRED",
      "extensions",
      () => {},
      (json, bin) => {
        // Listed as required, used nowhere (an exporter's leftover); extensionsUsed must exist.
        json.extensionsUsed = ["VENDOR_other_thing"];
        (json as unknown as { extensionsRequired: string[] }).extensionsRequired = ["VENDOR_unknown_thing"];
        return bin;
      },
    ),
    variant(
      "unknown-extension-optional",
      null,
      "extensions",
      () => {},
      (json, bin) => {
        json.extensionsUsed = [...(json.extensionsUsed ?? []), "VENDOR_node_tag"];
        const node = (json as unknown as { nodes: Array<Record<string, unknown>> }).nodes[0];
        if (node) node.extensions = { VENDOR_node_tag: { tag: "A-12" } };
        return bin;
      },
    ),
  ]);
}

/**
 * A valid box whose occlusion texture reads its second UV set through KHR_texture_transform's
 * `texCoord` (as SheenChair does): gltf-transform's prune counts that set unused and drops it.
 */
export async function uvTransformBoxGlb(): Promise<Uint8Array> {
  const document = texturedBoxDocument(await gradientPng(64));
  const transform = document.createExtension(KHRTextureTransform);
  const primitive = document.getRoot().listMeshes()[0]?.listPrimitives()[0];
  const material = primitive?.getMaterial();
  const uvs = primitive?.getAttribute("TEXCOORD_0");
  if (!primitive || !material || !uvs) throw new Error("no box");
  primitive.setAttribute("TEXCOORD_1", uvs.clone());
  const texture = material.getBaseColorTexture();
  material.setOcclusionTexture(texture);
  material
    .getOcclusionTextureInfo()
    ?.setExtension("KHR_texture_transform", transform.createTransform().setTexCoord(1).setScale([2, 2]));
  for (const t of document.getRoot().listTextures()) t.setURI("");
  document.getRoot().listBuffers()[0]?.setURI("");
  return new NodeIO().registerExtensions([KHRTextureTransform]).writeBinary(document);
}
