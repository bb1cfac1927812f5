/**
 * Issue 16's lossless steps for animated and flat-shaded models: the served Fox moves as the
 * uploaded one does (every vertex, at every keyframe time), with its resting channels gone and
 * its flat-shaded body welded; channels that move, or hold a part away from its rest, are kept;
 * smooth and normal-mapped surfaces keep their normals.
 */
import { type Document, NodeIO } from "@gltf-transform/core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  fixtureModel,
  gradientPng,
  servedModelIo,
  texturedBoxDocument,
} from "../../../../test/support/models";
import { allPoses, MOTION_MAX_ERROR, motionError, movedBy, poseModel } from "../../../../test/support/motion";
import { dropRestChannels, keyframeCount } from "./motion";
import { dropFlatNormals, worldSizes } from "./optimize-steps";
import { optimizeModel } from "./pipeline";

let io: NodeIO;

beforeAll(async () => {
  io = await servedModelIo();
});

/** A node "Part" at rest at x = 1, with one clip of the given channels (0 → 1 s). */
function partWithClip(channels: { path: "translation" | "scale"; values: number[] }[]): Document {
  const document = texturedBoxDocument(new Uint8Array(0));
  const root = document.getRoot();
  for (const texture of root.listTextures()) texture.dispose();
  const part = root.listNodes()[0]?.setName("Part").setTranslation([1, 0, 0]);
  if (!part) throw new Error("no node");
  const buffer = root.listBuffers()[0] ?? null;
  const animation = document.createAnimation("Clip");
  const times = document
    .createAccessor()
    .setType("SCALAR")
    .setArray(new Float32Array([0, 1]))
    .setBuffer(buffer);
  for (const { path, values } of channels) {
    const output = document
      .createAccessor()
      .setType("VEC3")
      .setArray(new Float32Array(values))
      .setBuffer(buffer);
    const sampler = document.createAnimationSampler().setInput(times).setOutput(output);
    animation.addSampler(sampler);
    animation.addChannel(
      document.createAnimationChannel().setTargetNode(part).setTargetPath(path).setSampler(sampler),
    );
  }
  return document;
}

describe("motion through the pipeline", () => {
  it("serves Fox moving as uploaded, with its resting channels gone and its flat body welded", async () => {
    const input = fixtureModel("Fox.glb");
    const original = await io.readBinary(input);
    const result = await optimizeModel(input);
    const served = await io.readBinary(result.bytes);

    // Same clips; fewer channels and keyframes.
    const clips = (document: Document) =>
      document
        .getRoot()
        .listAnimations()
        .map((animation) => animation.getName());
    expect(clips(served)).toEqual(clips(original));
    const channels = (document: Document) =>
      document.getRoot().listAnimations()[0]?.listChannels().length ?? 0;
    expect(channels(served)).toBeLessThan(channels(original));
    expect(result.info.optimization?.animation).toEqual({
      clips: 1,
      keyframes_before: keyframeCount(original),
      keyframes_after: keyframeCount(served),
    });
    expect(keyframeCount(served)).toBeLessThan(keyframeCount(original) / 3);

    // Every vertex of the model, moved by the served clip, lands within half a pixel of a
    // 2048 px view of where the uploaded clip puts it, at every keyframe time and between.
    const model = poseModel(original, worldSizes(original).model);
    const error = motionError(allPoses(model), model, movedBy(model, original, served));
    expect(error).toBeLessThanOrEqual(MOTION_MAX_ERROR);

    // The skinned body is flat-shaded: served without normals, each corner shared by its faces.
    const body = (document: Document) =>
      document
        .getRoot()
        .listNodes()
        .find((node) => node.getSkin())
        ?.getMesh()
        ?.listPrimitives()[0];
    expect(body(original)?.getAttribute("NORMAL")).not.toBeNull();
    expect(body(served)?.getAttribute("NORMAL")).toBeNull();
    expect(body(served)?.getAttribute("POSITION")?.getCount()).toBeLessThan(
      (body(original)?.getAttribute("POSITION")?.getCount() ?? 0) / 4,
    );
    expect(body(served)?.getIndices()?.getCount()).toBe(body(original)?.getIndices()?.getCount());
  });

  it("the motion check sees a clip that moves a part differently", async () => {
    const moving = partWithClip([{ path: "translation", values: [1, 0, 0, 1, 1, 0] }]);
    const other = partWithClip([{ path: "translation", values: [1, 0, 0, 1, 1.01, 0] }]);
    const model = poseModel(moving, worldSizes(moving).model);
    const error = motionError(allPoses(model), model, movedBy(model, moving, other));
    // 0.01 of a unit box's 1 moved: far beyond half a pixel.
    expect(error).toBeGreaterThan(0.009);
    expect(motionError(allPoses(model), model, movedBy(model, moving, moving))).toBe(0);
  });
});

describe("dropRestChannels", () => {
  it("removes a channel that holds its node at rest, and keeps one that moves it", () => {
    const document = partWithClip([
      { path: "translation", values: [1, 0, 0, 1, 1, 0] },
      { path: "scale", values: [1, 1, 1, 1, 1, 1] },
    ]);
    expect(dropRestChannels(document)).toBe(1);
    const left = document.getRoot().listAnimations()[0]?.listChannels() ?? [];
    expect(left.map((channel) => channel.getTargetPath())).toEqual(["translation"]);
  });

  it("keeps a constant channel that holds a part away from its rest", () => {
    const document = partWithClip([
      { path: "translation", values: [2, 0, 0, 2, 0, 0] },
      { path: "scale", values: [1, 1, 1, 1, 1, 1] },
    ]);
    expect(dropRestChannels(document)).toBe(1);
    expect(document.getRoot().listAnimations()[0]?.listChannels()[0]?.getTargetPath()).toBe("translation");
  });

  it("keeps one channel of a clip that only rests, so motion steps can still name it", () => {
    const document = partWithClip([
      { path: "translation", values: [1, 0, 0, 1, 0, 0] },
      { path: "scale", values: [1, 1, 1, 1, 1, 1] },
    ]);
    expect(dropRestChannels(document)).toBe(1);
    expect(document.getRoot().listAnimations()[0]?.listChannels()).toHaveLength(1);
  });
});

describe("dropFlatNormals", () => {
  it("drops the normals of a flat-shaded box, and the box is served without them", async () => {
    const document = texturedBoxDocument(await gradientPng(64));
    expect(dropFlatNormals(document)).toBe(1);
    const served = await io.readBinary(
      (await optimizeModel(await new NodeIO().writeBinary(texturedBoxDocument(await gradientPng(64))))).bytes,
    );
    const primitive = served.getRoot().listMeshes()[0]?.listPrimitives()[0];
    expect(primitive?.getAttribute("NORMAL")).toBeNull();
    expect(primitive?.getAttribute("TEXCOORD_0")).not.toBeNull();
  });

  it("keeps the normals of a normal-mapped box", async () => {
    const document = texturedBoxDocument(await gradientPng(64));
    const texture = document.getRoot().listTextures()[0] ?? null;
    document.getRoot().listMaterials()[0]?.setNormalTexture(texture);
    expect(dropFlatNormals(document)).toBe(0);
  });

  it("keeps the normals of a smooth surface", async () => {
    const document = texturedBoxDocument(await gradientPng(64));
    const normal = document.getRoot().listMeshes()[0]?.listPrimitives()[0]?.getAttribute("NORMAL");
    // Every corner's normal points out from the centre, as on a rounded box.
    const position = document.getRoot().listMeshes()[0]?.listPrimitives()[0]?.getAttribute("POSITION");
    if (!normal || !position) throw new Error("no normals");
    for (let i = 0; i < position.getCount(); i++) {
      const [x = 0, y = 0, z = 0] = position.getElement(i, []);
      const length = Math.hypot(x, y, z);
      normal.setElement(i, [x / length, y / length, z / length]);
    }
    expect(dropFlatNormals(document)).toBe(0);
  });
});
