/**
 * Model uploads through the real server: every refusal (SPEC §5 rules, damaged models, URIs
 * that leave the upload, the size cap) answers its message and stores nothing; `.glb` and
 * multi-file `.gltf` uploads are accepted and processed into valid, smaller, WebP-textured
 * models with their animations; a processing failure says why and can be retried.
 */
import { CODES, contentDetailCall, contentRetryCall, UPLOAD_MESSAGES } from "@vitrine/contract";
import { validateBytes } from "gltf-validator";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MODEL_MESSAGES } from "../../src/modules/content/pipeline/model-upload-check";
import { drawCalls } from "../../src/modules/content/pipeline/optimize-steps";
import { brokenModels } from "../support/broken-models";
import {
  startContentServer,
  type TContentServer,
  type TPart,
  type TSignedIn,
  trialRunning,
} from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import {
  damagedTextureGlb,
  fixtureModel,
  servedModelIo,
  texturedBoxGlb,
  texturedBoxGltf,
} from "../support/models";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const MODEL = "/api/upload/model";
const CAP = 1024 * 1024;
const invalid = (reason: string) => `${CODES.fileInvalid.message} ${reason}`;

async function readGlb(bytes: Uint8Array) {
  return (await servedModelIo()).readBinary(bytes);
}

/** The multi-file textured box, with its JSON edited by `edit`. */
async function boxParts(edit?: (json: Record<string, unknown>) => void): Promise<TPart[]> {
  const { json, resources } = await texturedBoxGltf();
  edit?.(json);
  return [
    { name: "box.gltf", type: "model/gltf+json", bytes: JSON.stringify(json) },
    ...Object.entries(resources).map(([name, bytes]) => ({ name, bytes })),
  ];
}

function setUri(list: "buffers" | "images", uri: string) {
  return (json: Record<string, unknown>) => {
    const items = json[list] as Array<{ uri?: string }>;
    const first = items[0];
    if (first) first.uri = uri;
  };
}

describe.each(targets)("model uploads on $name", (target) => {
  let s: TContentServer;
  let owner: TSignedIn;

  beforeAll(async () => {
    s = await startContentServer({ ...target.env, UPLOAD_MAX_BYTES: String(CAP) });
    owner = await s.user({ trialEndsAt: trialRunning() });
  });
  afterAll(() => s?.shutdown());

  async function fetchBlob(url: string): Promise<Uint8Array> {
    const res = await fetch(`${s.server.baseUrl}${url}`);
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }

  const radio = () => fixtureModel("Radio.glb");
  const refusals: Array<[string, () => Promise<TPart[]>, string]> = [
    [
      "a blocklisted extension",
      async () => [{ name: "radio.php.glb", bytes: radio() }],
      UPLOAD_MESSAGES["blocked-extension"],
    ],
    [
      "an executable",
      async () => [{ name: "setup.exe", bytes: radio() }],
      UPLOAD_MESSAGES["blocked-extension"],
    ],
    [
      "PHP content",
      async () => [{ name: "model.gltf", bytes: '<?php system($_GET["c"]); ?>{"asset":{"version":"2.0"}}' }],
      UPLOAD_MESSAGES["script-content"],
    ],
    [
      "an HTML page",
      async () => [{ name: "model.gltf", bytes: "<!DOCTYPE html><html><script>alert(1)</script></html>" }],
      UPLOAD_MESSAGES["script-content"],
    ],
    [
      "a wrong declared type",
      async () => [{ name: "radio.glb", type: "image/png", bytes: radio() }],
      UPLOAD_MESSAGES["type-mismatch"],
    ],
    [
      "a PNG named .glb",
      async () => [{ name: "radio.glb", bytes: (await boxParts())[1]?.bytes ?? "" }],
      UPLOAD_MESSAGES["type-mismatch"],
    ],
    [
      "a type not accepted for models",
      async () => [{ name: "manual.pdf", bytes: "%PDF-1.7\n1 0 obj\n<<>>\nendobj\n" }],
      UPLOAD_MESSAGES["not-allowed"],
    ],
    [
      "a .glb with a wrong length in its header",
      async () => {
        const bytes = new Uint8Array(radio());
        new DataView(bytes.buffer).setUint32(8, bytes.byteLength - 4, true);
        return [{ name: "radio.glb", bytes }];
      },
      invalid(`${MODEL_MESSAGES.damaged} its GLB header or length is wrong.`),
    ],
    [
      "a .gltf that is not JSON",
      async () => [{ name: "broken.gltf", bytes: '{"asset": {"version": "2.0"' }],
      invalid(`${MODEL_MESSAGES.damaged} its JSON cannot be read.`),
    ],
    [
      "a URI climbing out",
      () => boxParts(setUri("buffers", "../box.bin")),
      invalid(`${MODEL_MESSAGES.outside} ../box.bin`),
    ],
    [
      "an encoded URI climbing out",
      () => boxParts(setUri("buffers", "textures/%2E%2E/%2E%2E/box.bin")),
      invalid(`${MODEL_MESSAGES.outside} textures/%2E%2E/%2E%2E/box.bin`),
    ],
    [
      "an http URI",
      () => boxParts(setUri("images", "http://example.com/box.png")),
      invalid(`${MODEL_MESSAGES.outside} http://example.com/box.png`),
    ],
    [
      "a file URI",
      () => boxParts(setUri("buffers", "file:///etc/passwd")),
      invalid(`${MODEL_MESSAGES.outside} file:///etc/passwd`),
    ],
    [
      "a rooted path",
      () => boxParts(setUri("buffers", "/etc/box.bin")),
      invalid(`${MODEL_MESSAGES.outside} /etc/box.bin`),
    ],
    [
      "embedded data of a wrong type",
      () => boxParts(setUri("images", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==")),
      invalid(MODEL_MESSAGES.dataType),
    ],
    [
      "two models",
      async () => [
        { name: "a.glb", bytes: radio() },
        { name: "b.glb", bytes: radio() },
      ],
      invalid(MODEL_MESSAGES.oneModel),
    ],
    [
      "a .glb with extra files",
      async () => [{ name: "radio.glb", bytes: radio() }, ...(await boxParts()).slice(1)],
      invalid(MODEL_MESSAGES.oneModel),
    ],
    ["textures without a model", async () => (await boxParts()).slice(1), invalid(MODEL_MESSAGES.choose)],
    [
      "a part with another name",
      async () => [{ field: "model", name: "radio.glb", bytes: radio() }],
      invalid(MODEL_MESSAGES.field),
    ],
  ];

  it.each(refusals)("refuses %s with its message and stores nothing", async (_label, parts, message) => {
    const blobsBefore = await s.blobFiles();
    const rowsBefore = await s.rows();
    const res = await s.upload(MODEL, await parts(), { token: owner.token });
    expect(res.body).toEqual({ status: false, rescode: CODES.fileInvalid.rescode, data: null, message });
    expect(await s.blobFiles()).toEqual(blobsBefore);
    expect(await s.rows()).toEqual(rowsBefore);
    expect(await s.tempFiles()).toEqual([]);
  });

  const damagedModels: Array<[string, () => Promise<TPart[]>, string, string]> = [
    [
      "a glTF with an error no viewer draws past",
      async () => [{ name: "broken.gltf", bytes: '{"asset":{"version":"2.0"},"scenes":[{"nodes":[7]}]}' }],
      "broken.gltf",
      "Unresolved reference: 7.",
    ],
    [
      "a model that needs an extension no viewer reads",
      async () => {
        const { json, resources } = await texturedBoxGltf();
        json.extensionsUsed = ["VENDOR_secret_geometry"];
        json.extensionsRequired = ["VENDOR_secret_geometry"];
        return [
          { name: "box.gltf", type: "model/gltf+json", bytes: JSON.stringify(json) },
          ...Object.entries(resources).map(([name, bytes]) => ({ name, bytes })),
        ];
      },
      "box.gltf",
      "it needs the extension VENDOR_secret_geometry, which web viewers cannot read.",
    ],
  ];

  it.each(damagedModels)(
    "refuses %s, saying what to do, and stores nothing",
    async (_label, parts, file, detail) => {
      const blobsBefore = await s.blobFiles();
      const rowsBefore = await s.rows();
      const res = await s.upload(MODEL, await parts(), { token: owner.token });
      expect(res.body).toEqual({
        status: false,
        rescode: CODES.modelDamaged.rescode,
        data: { file, detail },
        message: `${CODES.modelDamaged.message} (${detail})`,
      });
      expect(await s.blobFiles()).toEqual(blobsBefore);
      expect(await s.rows()).toEqual(rowsBefore);
      expect(await s.tempFiles()).toEqual([]);
    },
  );

  it("accepts models with errors every viewer draws past, and serves them repaired and valid", async () => {
    const broken = (await brokenModels()).filter((m) =>
      ["weights-sum", "animation-stride", "unknown-extension-required-unused"].includes(m.name),
    );
    expect(broken).toHaveLength(3);
    for (const model of broken) {
      const before = await validateBytes(model.bytes, { writeTimestamp: false });
      expect(before.issues.numErrors).toBeGreaterThan(0);
      const res = await s.upload<{ content_id: string }>(
        MODEL,
        [{ name: `${model.name}.glb`, bytes: model.bytes }],
        {
          token: owner.token,
        },
      );
      expect(res.body).toMatchObject({ status: true, rescode: 200 });
      const doc = await s.settled(res.body.data.content_id, owner.token);
      expect(doc.status).toBe("ready");
      const served = await fetchBlob(doc.model_url ?? "");
      expect((await validateBytes(served, { writeTimestamp: false })).issues.numErrors).toBe(0);
      expect(doc.model_info?.optimization?.repairs?.map((r) => r.kind)).toContain(model.repair);
      expect(doc.model_info?.clips).toEqual(["Bend"]);
    }
  });

  it("refuses a model over the size cap while it streams, storing nothing", async () => {
    const blobsBefore = await s.blobFiles();
    const rowsBefore = await s.rows();
    const big = new Uint8Array(CAP + 200_000);
    big.set(radio().subarray(0, 20));
    const res = await s.upload(MODEL, [{ name: "huge.glb", bytes: big }], { token: owner.token });
    expect(res.http).toBe(413);
    expect(res.body).toEqual({
      status: false,
      rescode: CODES.tooLarge.rescode,
      data: null,
      message: "The file is too large. The limit is 1 MB.",
    });
    expect(await s.blobFiles()).toEqual(blobsBefore);
    expect(await s.rows()).toEqual(rowsBefore);
    expect(await s.tempFiles()).toEqual([]);
  });

  it("refuses an upload without a valid token, before reading it", async () => {
    const none = await s.upload(MODEL, [{ name: "Fox.glb", bytes: fixtureModel("Fox.glb") }]);
    expect(none.http).toBe(403);
    expect(none.body.rescode).toBe(CODES.forbidden.rescode);
    const bad = await s.upload(MODEL, [{ name: "radio.glb", bytes: radio() }], { token: "not-a-token" });
    expect(bad.body.rescode).toBe(CODES.forbidden.rescode);
  });

  it("accepts a .glb: processing, then ready with a valid optimised model and its facts", async () => {
    const rowsBefore = await s.rows();
    const res = await s.upload<{ content_id: string }>(MODEL, [{ name: "Radio.glb", bytes: radio() }], {
      token: owner.token,
    });
    expect(res.body).toMatchObject({ status: true, rescode: 200 });
    const id = res.body.data.content_id;
    expect(id).toMatch(/^content_/);
    const first = await s.call(contentDetailCall, { content_id: id }, owner.token);
    expect(["processing", "ready"]).toContain(first.body.data.doc.status);
    expect(first.body.data.doc.title).toBe("Radio");

    const doc = await s.settled(id, owner.token);
    expect(doc.status).toBe("ready");
    expect(doc.failure_reason).toBeNull();
    expect(doc.model_url).toMatch(/^\/blobs\/[0-9a-f]{64}\.glb$/);
    expect(doc.original_url).toMatch(/^\/blobs\/[0-9a-f]{64}\.glb$/);
    expect(doc.model_info).toMatchObject({
      clips: [],
      materials: ["Body", "Brushed metal", "Rubber"],
      original_bytes: radio().byteLength,
    });
    expect(doc.model_info?.dimensions[0]).toBeCloseTo(0.4, 3);
    expect(doc.model_info?.triangles).toBeGreaterThan(0);
    expect(await fetchBlob(doc.original_url)).toEqual(radio());

    const optimised = await fetchBlob(doc.model_url ?? "");
    expect(optimised.byteLength).toBe(doc.model_info?.optimized_bytes);
    expect(optimised.byteLength).toBeLessThan(radio().byteLength);
    const report = await validateBytes(optimised, { writeTimestamp: false });
    expect(report.issues.numErrors).toBe(0);
    const document = await readGlb(optimised);
    for (const texture of document.getRoot().listTextures()) expect(texture.getMimeType()).toBe("image/webp");
    // The optimisation report the studio shows: its figures are the stored files'.
    const served = document.getRoot();
    const uploaded = (await readGlb(radio())).getRoot();
    const imageBytes = (list: typeof served) =>
      list.listTextures().reduce((sum, t) => sum + (t.getImage()?.byteLength ?? 0), 0);
    expect(doc.model_info?.optimization).toEqual({
      triangles_before: doc.model_info?.triangles,
      triangles_after: doc.model_info?.triangles,
      simplify: expect.stringMatching(/^(applied|kept|none)$/),
      fidelity_db: doc.model_info?.optimization?.simplify === "none" ? null : expect.any(Number),
      draw_calls_before: drawCalls(await readGlb(radio())),
      draw_calls_after: drawCalls(document),
      textures: {
        count: served.listTextures().length,
        bytes_before: imageBytes(uploaded),
        bytes_after: imageBytes(served),
        format: "webp",
        max_size: 2048,
        quality_min: expect.any(Number),
        quality_max: expect.any(Number),
        ssim_min: expect.any(Number),
      },
      geometry: "meshopt",
    });
    // Each image at the quality its perceptual check allowed, and never below the check's bar.
    expect(doc.model_info?.optimization?.textures.ssim_min).toBeGreaterThanOrEqual(0.985);
    expect(served.listTextures().length).toBeGreaterThan(0);
    expect(doc.model_info?.optimization?.textures.bytes_after).toBeLessThan(imageBytes(uploaded));
    // The model, and the thumbnail drawn when processing ended.
    expect(await s.rows()).toEqual({ contents: rowsBefore.contents + 1, uploads: rowsBefore.uploads + 2 });
  });

  it("keeps the Fox's animation and makes it smaller", async () => {
    const fox = fixtureModel("Fox.glb");
    const res = await s.upload<{ content_id: string }>(MODEL, [{ name: "Fox.glb", bytes: fox }], {
      token: owner.token,
    });
    const doc = await s.settled(res.body.data.content_id, owner.token);
    expect(doc.status).toBe("ready");
    const optimised = await fetchBlob(doc.model_url ?? "");
    expect(optimised.byteLength).toBeLessThan(fox.byteLength);
    expect((await validateBytes(optimised, { writeTimestamp: false })).issues.numErrors).toBe(0);
    const clipsOf = async (bytes: Uint8Array) =>
      (await readGlb(bytes))
        .getRoot()
        .listAnimations()
        .map((a) => a.getName());
    expect(await clipsOf(optimised)).toEqual(await clipsOf(fox));
    expect(doc.model_info?.clips).toEqual(["Armature|Take 001|BaseLayer"]);
  });

  it("accepts a .gltf with its .bin and texture, packed into one .glb original", async () => {
    const res = await s.upload<{ content_id: string }>(MODEL, await boxParts(), { token: owner.token });
    expect(res.body).toMatchObject({ status: true, rescode: 200 });
    const doc = await s.settled(res.body.data.content_id, owner.token);
    expect(doc.status).toBe("ready");
    expect(doc.title).toBe("box");
    const original = await fetchBlob(doc.original_url);
    expect(new TextDecoder().decode(original.subarray(0, 4))).toBe("glTF");
    expect((await readGlb(original)).getRoot().listTextures()).toHaveLength(1);
    expect(doc.model_info).toMatchObject({
      materials: ["Painted wood"],
      triangles: 12,
      dimensions: [1, 1, 1],
    });
  });

  it("finds a texture named with a folder among the uploaded files", async () => {
    const parts = await boxParts(setUri("images", "textures/box.png"));
    const res = await s.upload<{ content_id: string }>(MODEL, parts, { token: owner.token });
    expect(res.body).toMatchObject({ status: true, rescode: 200 });
    expect((await s.settled(res.body.data.content_id, owner.token)).status).toBe("ready");
  });

  it("finds files named from the model's own folder (./box.png, as SheenChair names them)", async () => {
    const parts = await boxParts((json) => {
      setUri("images", "./box.png")(json);
      setUri("buffers", "./box.bin")(json);
    });
    const res = await s.upload<{ content_id: string }>(MODEL, parts, { token: owner.token });
    expect(res.body).toMatchObject({ status: true, rescode: 200 });
    expect((await s.settled(res.body.data.content_id, owner.token)).status).toBe("ready");
  });

  it("resizes large textures to at most 2048 px, as WebP", async () => {
    const res = await s.upload<{ content_id: string }>(
      MODEL,
      [{ name: "big-texture.glb", bytes: await texturedBoxGlb(2560, 0) }],
      { token: owner.token },
    );
    const doc = await s.settled(res.body.data.content_id, owner.token);
    expect(doc.status).toBe("ready");
    const optimised = await fetchBlob(doc.model_url ?? "");
    expect((await validateBytes(optimised, { writeTimestamp: false })).issues.numErrors).toBe(0);
    const [texture] = (await readGlb(optimised)).getRoot().listTextures();
    expect(texture?.getMimeType()).toBe("image/webp");
    expect(texture?.getSize()).toEqual([2048, 2048]);
  });

  it("marks a model whose processing fails as failed, with a reason, and retries on request", async () => {
    const res = await s.upload<{ content_id: string }>(
      MODEL,
      [{ name: "damaged.glb", bytes: await damagedTextureGlb() }],
      { token: owner.token },
    );
    expect(res.body.status).toBe(true);
    const id = res.body.data.content_id;
    const failed = await s.settled(id, owner.token);
    expect(failed.status).toBe("failed");
    expect(failed.failure_reason).toBe("A texture image in the model is damaged and could not be converted.");
    expect(failed.model_url).toBeNull();

    const retried = await s.call(contentRetryCall, { content_id: id }, owner.token);
    expect(retried.body.status).toBe(true);
    expect(retried.body.data.doc).toMatchObject({ status: "processing", failure_reason: null });
    expect((await s.settled(id, owner.token)).status).toBe("failed");
  });

  it("processes again after a storage failure once the owner retries", async () => {
    const bytes = await texturedBoxGlb(40);
    await s.platform.jobs.stop();
    const res = await s.upload<{ content_id: string }>(MODEL, [{ name: "crate.glb", bytes }], {
      token: owner.token,
    });
    const id = res.body.data.content_id;
    const queued = await s.call(contentDetailCall, { content_id: id }, owner.token);
    const key = queued.body.data.doc.original_url.replace("/blobs/", "");
    await s.platform.blobs.delete(key);
    s.platform.jobs.start();
    const failed = await s.settled(id, owner.token);
    expect(failed.status).toBe("failed");
    expect(failed.failure_reason).toBe(
      "The uploaded model file could not be read from storage. Please try again.",
    );

    await s.platform.blobs.put(key, Buffer.from(bytes), { contentType: "model/gltf-binary" });
    const retried = await s.call(contentRetryCall, { content_id: id }, owner.token);
    expect(retried.body.data.doc.status).toBe("processing");
    const ready = await s.settled(id, owner.token);
    expect(ready.status).toBe("ready");

    const again = await s.call(contentRetryCall, { content_id: id }, owner.token);
    expect(again.body).toMatchObject({
      status: false,
      rescode: CODES.validation.rescode,
      data: { fields: { content_id: "Only a model whose processing failed can be processed again." } },
    });
  });
});
