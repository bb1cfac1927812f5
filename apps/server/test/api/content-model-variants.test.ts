/**
 * Models an owner brings (issue 9, items 12 and 13): every variant the Khronos validator calls
 * valid is accepted and becomes a `ready` content (several buffers, data URIs, KHR extensions,
 * compressed geometry, points and lines); a valid model with nothing to draw, a lone `.gltf`, an
 * empty or cut-off `.glb`, other 3D formats and archives are refused with their own code, the
 * details the studio needs, and nothing stored.
 */
import { NodeIO } from "@gltf-transform/core";
import { CODES } from "@vitrine/contract";
import { validateBytes } from "gltf-validator";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startContentServer,
  type TContentServer,
  type TPart,
  type TSignedIn,
  trialRunning,
} from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import { emptyModelVariants, type TVariant, validModelVariants } from "../support/model-variants";
import { fixtureModel, gradientPng, texturedBoxDocument } from "../support/models";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const MODEL = "/api/upload/model";
const valid = await validModelVariants();
const empty = await emptyModelVariants();

function bytesOf(part: TVariant["parts"][number]): Uint8Array {
  return typeof part.bytes === "string" ? new TextEncoder().encode(part.bytes) : part.bytes;
}

/** The validator's errors on a variant, its other parts standing for external files. */
async function validatorErrors(variant: TVariant): Promise<number> {
  const [main, ...rest] = variant.parts;
  if (!main) throw new Error("no parts");
  const report = await validateBytes(bytesOf(main), {
    format: main.name.endsWith(".glb") ? "glb" : "gltf",
    writeTimestamp: false,
    externalResourceFunction: async (uri) => {
      const part = rest.find((p) => p.name === decodeURIComponent(uri));
      if (!part) throw new Error(`missing ${uri}`);
      return bytesOf(part);
    },
  });
  return report.issues.numErrors;
}

describe("the generated variants", () => {
  it.each([...valid, ...empty].map((v) => [v.label, v] as const))(
    "%s passes the Khronos validator",
    async (_label, variant) => {
      expect(await validatorErrors(variant)).toBe(0);
    },
  );
});

describe.each(targets)("models an owner brings, on $name", (target) => {
  let s: TContentServer;
  let owner: TSignedIn;

  beforeAll(async () => {
    s = await startContentServer(target.env);
    owner = await s.user({ trialEndsAt: trialRunning() });
  });
  afterAll(() => s?.shutdown());

  it.each(valid.map((v) => [v.label, v] as const))(
    "accepts %s and makes it ready",
    async (_label, variant) => {
      const res = await s.upload<{ content_id: string }>(MODEL, variant.parts, { token: owner.token });
      expect(res.body).toMatchObject({ status: true, rescode: 200 });
      const doc = await s.settled(res.body.data.content_id, owner.token);
      expect(doc.failure_reason).toBeNull();
      expect(doc.status).toBe("ready");
      expect(doc.model_url).toMatch(/^\/blobs\//);
    },
  );

  async function refusedWithNothingStored(parts: TPart[]) {
    const blobsBefore = await s.blobFiles();
    const rowsBefore = await s.rows();
    const res = await s.upload(MODEL, parts, { token: owner.token });
    expect(await s.blobFiles()).toEqual(blobsBefore);
    expect(await s.rows()).toEqual(rowsBefore);
    expect(await s.tempFiles()).toEqual([]);
    return res.body;
  }

  it.each(empty.map((v) => [v.label, v] as const))(
    "refuses a model with %s: nothing to draw, nothing stored",
    async (_label, variant) => {
      expect(await refusedWithNothingStored(variant.parts)).toEqual({
        status: false,
        rescode: CODES.modelNothingToDraw.rescode,
        data: { reason: variant.reason },
        message: CODES.modelNothingToDraw.message,
      });
    },
  );

  it("refuses a lone .gltf, naming the .bin it needs", async () => {
    const document = texturedBoxDocument(await gradientPng(16), { bufferUri: "DamagedHelmet.bin" });
    const { json, resources } = await new NodeIO().writeJSON(document);
    const gltf = { name: "DamagedHelmet.gltf", bytes: JSON.stringify(json) };
    const png = { name: "box.png", bytes: resources["box.png"] ?? new Uint8Array() };
    expect(await refusedWithNothingStored([gltf, png])).toEqual({
      status: false,
      rescode: CODES.modelFileMissing.rescode,
      data: { missing: ["DamagedHelmet.bin"] },
      message: "This model needs DamagedHelmet.bin: add it to the upload.",
    });
    expect(await refusedWithNothingStored([gltf])).toEqual({
      status: false,
      rescode: CODES.modelFileMissing.rescode,
      data: { missing: ["DamagedHelmet.bin", "box.png"] },
      message: "This model needs DamagedHelmet.bin, box.png: add them to the upload.",
    });
  });

  it("refuses an empty .glb and a cut-off .glb with their own reasons", async () => {
    expect(await refusedWithNothingStored([{ name: "empty.glb", bytes: new Uint8Array() }])).toEqual({
      status: false,
      rescode: CODES.modelFileEmpty.rescode,
      data: { file: "empty.glb" },
      message: CODES.modelFileEmpty.message,
    });
    const radio = fixtureModel("Radio.glb");
    for (const cut of [5000, 16, 8]) {
      expect(await refusedWithNothingStored([{ name: "Radio.glb", bytes: radio.subarray(0, cut) }])).toEqual({
        status: false,
        rescode: CODES.modelFileTruncated.rescode,
        data: { file: "Radio.glb" },
        message: CODES.modelFileTruncated.message,
      });
    }
  });

  it.each([
    ["part.stl", "solid part\nendsolid part\n", "modelConvertFirst", "stl"],
    ["part.STEP", "ISO-10303-21;\nHEADER;\nENDSEC;\n", "modelConvertFirst", "step"],
    ["part.stp", "ISO-10303-21;\nHEADER;\nENDSEC;\n", "modelConvertFirst", "stp"],
    ["chair.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", "modelConvertFirst", "obj"],
    ["model.zip", "PK\u0003\u0004rest", "modelUnzipFirst", "zip"],
  ] as const)("refuses %s saying what to do", async (name, bytes, code, format) => {
    expect(await refusedWithNothingStored([{ name, bytes }])).toEqual({
      status: false,
      rescode: CODES[code].rescode,
      data: { format },
      message: CODES[code].message,
    });
  });
});
