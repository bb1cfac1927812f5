/**
 * Content calls through the real server: list, detail, update, duplicate, delete, produced
 * mark; plan limits per level; another owner's content is never readable or writable; files
 * referenced by build data must be the owner's uploads; images and videos are checked and
 * re-encoded; blobs are served with ranges and removed with the last content using them.
 */
import {
  CODES,
  contentDeleteCall,
  contentDetailCall,
  contentDuplicateCall,
  contentListCall,
  contentRetryCall,
  contentSetProducedCall,
  contentUpdateCall,
  DEFAULT_SCENE,
  deleteAccountCall,
  type TAnimationStep,
  type TAnnotation,
  type TBuild,
} from "@vitrine/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MOTION_PRODUCED_ONLY, MOTION_UNKNOWN_CLIP, NOT_YOUR_FILE } from "../../src/modules/content/policy";
import {
  startContentServer,
  type TContentServer,
  type TSignedIn,
  trialRunning,
} from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import { fixtureModel, gradientPng, texturedBoxGlb } from "../support/models";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const MODEL = "/api/upload/model";
const IMAGE = "/api/upload/image";
const VIDEO = "/api/upload/video";

function annotation(n: number, images: string[] = []): TAnnotation {
  return {
    annotation_id: `a${n}`,
    title: `Part ${n}`,
    content: "",
    axis: null,
    images,
    videos: [],
    marker: { posx: 0, posy: 0, posz: 0, number: n },
    normal: null,
  };
}

function build(parts: Partial<TBuild> = {}): TBuild {
  return { annotationinfo: [], animationinfo: [], materialinfo: [], sceneinfo: DEFAULT_SCENE, ...parts };
}

function step(clip: string): TAnimationStep {
  return { animation_id: "s1", title: "Run", content: "", match_aniname: clip, images: [] };
}

/** A small MP4 (an `ftyp` box and an empty `mdat`). */
function tinyMp4(): Uint8Array {
  const ftyp = [0, 0, 0, 0x18, ..."ftypisom".split("").map((c) => c.charCodeAt(0)), 0, 0, 2, 0];
  ftyp.push(..."isommp41".split("").map((c) => c.charCodeAt(0)));
  const mdat = [0, 0, 0, 8, ..."mdat".split("").map((c) => c.charCodeAt(0))];
  return new Uint8Array([...ftyp, ...mdat]);
}

describe.each(targets)("content calls on $name", (target) => {
  let s: TContentServer;
  let owner: TSignedIn;
  let other: TSignedIn;
  let basic: TSignedIn;
  let radioId: string;

  beforeAll(async () => {
    s = await startContentServer(target.env);
    owner = await s.user({ trialEndsAt: trialRunning() });
    other = await s.user({ trialEndsAt: trialRunning() });
    basic = await s.user();
    radioId = await uploadModel(owner, "Radio.glb", fixtureModel("Radio.glb"));
    // Owner calls on a content wait for its processing (a content still processing answers
    // contentNotReady), which these tests are not about.
    expect((await s.settled(radioId, owner.token)).status).toBe("ready");
  });
  afterAll(() => s?.shutdown());

  async function uploadModel(user: TSignedIn, name: string, bytes: Uint8Array): Promise<string> {
    const res = await s.upload<{ content_id: string }>(MODEL, [{ name, bytes }], { token: user.token });
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    return res.body.data.content_id;
  }

  let pngSeed = 1;
  async function uploadImage(user: TSignedIn, purpose = "annotation", contentId?: string): Promise<string> {
    pngSeed += 1;
    const png = await gradientPng(16 + pngSeed, 40);
    const res = await s.upload<{ url: string }>(IMAGE, [{ field: "file", name: "photo.png", bytes: png }], {
      token: user.token,
      fields: contentId ? { purpose, content_id: contentId } : { purpose },
    });
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    return res.body.data.url;
  }

  describe("owning", () => {
    it("lists the owner's contents only, searched and sorted", async () => {
      const otherId = await uploadModel(other, "Radio.glb", fixtureModel("Radio.glb"));
      const foxId = await uploadModel(owner, "Fox.glb", fixtureModel("Fox.glb"));
      const all = await s.call(contentListCall, { search: "", sort: "title" }, owner.token);
      const ids = all.body.data.docs.map((d) => d.content_id);
      expect(ids).toContain(radioId);
      expect(ids).toContain(foxId);
      expect(ids).not.toContain(otherId);
      const titles = all.body.data.docs.map((d) => d.title);
      expect(titles).toEqual([...titles].sort());
      const found = await s.call(contentListCall, { search: "FO", sort: "updated" }, owner.token);
      expect(found.body.data.docs.map((d) => d.content_id)).toEqual([foxId]);
      const wildcard = await s.call(contentListCall, { search: "%", sort: "updated" }, owner.token);
      expect(wildcard.body.data.docs).toEqual([]);
      expect(all.body.data.docs.find((d) => d.content_id === foxId)).toMatchObject({
        title: "Fox",
        is_public: false,
        views: 0,
        thumbnail_url: null,
      });
    });

    it("answers notFound for another owner's content, for every call", async () => {
      const notFound = {
        status: false,
        rescode: CODES.notFound.rescode,
        data: null,
        message: "No data available.",
      };
      const ref = { content_id: radioId };
      expect((await s.call(contentDetailCall, ref, other.token)).body).toEqual(notFound);
      expect((await s.call(contentUpdateCall, { ...ref, title: "Mine now" }, other.token)).body).toEqual(
        notFound,
      );
      expect((await s.call(contentDuplicateCall, ref, other.token)).body).toEqual(notFound);
      expect((await s.call(contentDeleteCall, ref, other.token)).body).toEqual(notFound);
      expect((await s.call(contentRetryCall, ref, other.token)).body).toEqual(notFound);
      expect((await s.call(contentDetailCall, { content_id: "content_nope" }, owner.token)).body).toEqual(
        notFound,
      );
      const image = await s.upload(IMAGE, [{ field: "file", name: "a.png", bytes: await gradientPng(8) }], {
        token: other.token,
        fields: { purpose: "annotation", content_id: radioId },
      });
      expect(image.body).toEqual(notFound);
      const mine = await s.call(contentDetailCall, ref, owner.token);
      expect(mine.body.data.doc.title).toBe("Radio");
    });

    it("refuses content calls without a token", async () => {
      const res = await s.call(contentListCall, { search: "", sort: "updated" });
      expect(res.body.rescode).toBe(CODES.forbidden.rescode);
    });

    it("updates title, public switch, build, specification and thumbnail", async () => {
      const thumb = await uploadImage(owner, "thumbnail");
      const spec = await uploadImage(owner, "specification");
      const res = await s.call(
        contentUpdateCall,
        {
          content_id: radioId,
          title: "  Table radio  ",
          is_public: true,
          build: build({ annotationinfo: [annotation(1)] }),
          specification: { images: [spec], homepage_url: null, purchase_url: null },
          thumbnail_url: thumb,
        },
        owner.token,
      );
      expect(res.body.status).toBe(true);
      const detail = await s.call(contentDetailCall, { content_id: radioId }, owner.token);
      expect(detail.body.data.doc).toMatchObject({
        title: "Table radio",
        is_public: true,
        thumbnail_url: thumb,
        specification: { images: [spec] },
      });
      expect(detail.body.data.doc.build.annotationinfo.map((a) => a.title)).toEqual(["Part 1"]);
    });

    it("refuses files the owner did not upload, naming the field", async () => {
      const theirs = await uploadImage(other);
      const res = await s.call(
        contentUpdateCall,
        {
          content_id: radioId,
          build: build({
            annotationinfo: [annotation(1, [theirs])],
            sceneinfo: {
              ...DEFAULT_SCENE,
              background: { ...DEFAULT_SCENE.background, image: "/blobs/abc.png" },
            },
          }),
        },
        owner.token,
      );
      expect(res.body).toMatchObject({
        status: false,
        rescode: CODES.validation.rescode,
        data: {
          fields: {
            "build.annotationinfo.0.images.0": NOT_YOUR_FILE,
            "build.sceneinfo.background.image": NOT_YOUR_FILE,
          },
        },
      });
      const outside = await s.call(
        contentUpdateCall,
        { content_id: radioId, thumbnail_url: "https://evil.example/x.png" },
        owner.token,
      );
      expect(outside.body.data).toEqual({ fields: { thumbnail_url: "Invalid file reference." } });
    });

    it("duplicates a content with its files, and deletes blobs with the last content using them", async () => {
      const id = await uploadModel(owner, "crate.glb", await texturedBoxGlb(48));
      const image = await uploadImage(owner, "annotation", id);
      await s.call(
        contentUpdateCall,
        { content_id: id, build: build({ annotationinfo: [annotation(1, [image])] }) },
        owner.token,
      );
      const ready = await s.settled(id, owner.token);
      expect(ready.status).toBe("ready");
      const keys = [ready.original_url, ready.model_url ?? "", image].map((u) => u.replace("/blobs/", ""));
      const stored = async () => {
        const files = (await s.blobFiles()).map((f) => f.split("/").pop());
        return keys.filter((k) => files.includes(k));
      };
      expect(await stored()).toEqual(keys);

      const dup = await s.call(contentDuplicateCall, { content_id: id }, owner.token);
      const copy = dup.body.data.doc;
      expect(copy).toMatchObject({
        title: "crate (copy)",
        status: "ready",
        model_url: ready.model_url,
        is_public: false,
        views: 0,
      });
      expect(copy.content_id).not.toBe(id);
      expect(copy.build).toEqual(ready.build);

      expect((await s.call(contentDeleteCall, { content_id: id }, owner.token)).body.data).toEqual({
        deleted: true,
      });
      expect((await s.call(contentDetailCall, { content_id: id }, owner.token)).body.rescode).toBe(
        CODES.notFound.rescode,
      );
      expect(await stored()).toEqual(keys);
      const res = await fetch(`${s.server.baseUrl}${image}`);
      expect(res.status).toBe(200);

      await s.call(contentDeleteCall, { content_id: copy.content_id }, owner.token);
      expect(await stored()).toEqual([]);
      expect((await fetch(`${s.server.baseUrl}${ready.model_url}`)).status).toBe(404);
    });

    it("removes an owner's contents and blobs when the account is deleted", async () => {
      const leaving = await s.user({ trialEndsAt: trialRunning() });
      const id = await uploadModel(leaving, "leaving.glb", await texturedBoxGlb(56));
      const ready = await s.settled(id, leaving.token);
      const image = await uploadImage(leaving);
      const keys = [ready.original_url, ready.model_url ?? "", image].map((u) => u.replace("/blobs/", ""));
      const res = await s.call(deleteAccountCall, { password: leaving.password }, leaving.token);
      expect(res.body.status).toBe(true);
      const files = (await s.blobFiles()).map((f) => f.split("/").pop());
      expect(keys.filter((k) => files.includes(k))).toEqual([]);
      // The shared Radio model of other owners stays.
      expect((await s.call(contentDetailCall, { content_id: radioId }, owner.token)).body.status).toBe(true);
    });
  });

  describe("plan limits", () => {
    it("refuses annotations on Basic, naming the limit, and stores nothing", async () => {
      const id = await uploadModel(basic, "Radio.glb", fixtureModel("Radio.glb"));
      const res = await s.call(
        contentUpdateCall,
        { content_id: id, title: "Changed", build: build({ annotationinfo: [annotation(1)] }) },
        basic.token,
      );
      expect(res.body).toEqual({
        status: false,
        rescode: CODES.planLimit.rescode,
        data: { limit: "annotation", max: 0 },
        message: "Your plan does not include annotations. Upgrade your plan to add them.",
      });
      const doc = (await s.call(contentDetailCall, { content_id: id }, basic.token)).body.data.doc;
      expect(doc.title).toBe("Radio");
      expect(doc.build.annotationinfo).toEqual([]);
      // Scene, light and materials are open on every plan.
      const scene = await s.call(
        contentUpdateCall,
        { content_id: id, build: build({ sceneinfo: { ...DEFAULT_SCENE, exposure: 1.5 } }) },
        basic.token,
      );
      expect(scene.body.status).toBe(true);
    });

    it("allows 10 annotations with 3 images each on a trial, not 11 or 4", async () => {
      const images = [await uploadImage(owner), await uploadImage(owner), await uploadImage(owner)];
      const ten = Array.from({ length: 10 }, (_, i) => annotation(i + 1, i === 0 ? images : []));
      const ok = await s.call(
        contentUpdateCall,
        { content_id: radioId, build: build({ annotationinfo: ten }) },
        owner.token,
      );
      expect(ok.body.status).toBe(true);

      const eleven = [...ten, annotation(11)];
      const tooMany = await s.call(
        contentUpdateCall,
        { content_id: radioId, build: build({ annotationinfo: eleven }) },
        owner.token,
      );
      expect(tooMany.body).toEqual({
        status: false,
        rescode: CODES.planLimit.rescode,
        data: { limit: "annotation", max: 10 },
        message: "Your plan's limit is reached: up to 10 annotations per content.",
      });

      const fourth = await uploadImage(owner);
      const fourImages = [annotation(1, [...images, fourth]), ...ten.slice(1)];
      const tooManyImages = await s.call(
        contentUpdateCall,
        { content_id: radioId, build: build({ annotationinfo: fourImages }) },
        owner.token,
      );
      expect(tooManyImages.body).toEqual({
        status: false,
        rescode: CODES.planLimit.rescode,
        data: { limit: "annotation_image", max: 3 },
        message: "Your plan's limit is reached: up to 3 images per annotation.",
      });
      const doc = (await s.call(contentDetailCall, { content_id: radioId }, owner.token)).body.data.doc;
      expect(doc.build.annotationinfo).toHaveLength(10);
      expect(doc.build.annotationinfo[0]?.images).toEqual(images);
    });

    it("refuses homepage and purchase link buttons on every plan", async () => {
      for (const key of ["homepage_url", "purchase_url"] as const) {
        const res = await s.call(
          contentUpdateCall,
          {
            content_id: radioId,
            specification: {
              images: [],
              homepage_url: null,
              purchase_url: null,
              [key]: "https://shop.example.com",
            },
          },
          owner.token,
        );
        expect(res.body).toMatchObject({
          status: false,
          rescode: CODES.planLimit.rescode,
          data: { limit: "link_buttons", max: 0 },
          message: "Your plan does not include homepage and purchase link buttons.",
        });
      }
    });

    it("opens motion steps only on produced models, set by a super account", async () => {
      const foxId = await uploadModel(owner, "Fox.glb", fixtureModel("Fox.glb"));
      await s.settled(foxId, owner.token);
      const steps = build({ animationinfo: [step("Armature|Take 001|BaseLayer")] });
      const refused = await s.call(contentUpdateCall, { content_id: foxId, build: steps }, owner.token);
      expect(refused.body).toMatchObject({
        status: false,
        rescode: CODES.validation.rescode,
        data: { fields: { "build.animationinfo": MOTION_PRODUCED_ONLY } },
      });

      const byOwner = await s.call(
        contentSetProducedCall,
        { content_id: foxId, is_produced: true },
        owner.token,
      );
      expect(byOwner.body.rescode).toBe(CODES.forbidden.rescode);
      const admin = await s.user({ isSuper: true });
      const marked = await s.call(
        contentSetProducedCall,
        { content_id: foxId, is_produced: true },
        admin.token,
      );
      expect(marked.body.data.doc.is_produced).toBe(true);

      const saved = await s.call(contentUpdateCall, { content_id: foxId, build: steps }, owner.token);
      expect(saved.body.status).toBe(true);
      expect(saved.body.data.doc.build.animationinfo[0]?.match_aniname).toBe("Armature|Take 001|BaseLayer");
      const unknown = await s.call(
        contentUpdateCall,
        { content_id: foxId, build: build({ animationinfo: [step("Dance")] }) },
        owner.token,
      );
      expect(unknown.body.data).toEqual({
        fields: { "build.animationinfo.0.match_aniname": MOTION_UNKNOWN_CLIP },
      });
    });
  });

  describe("images and videos", () => {
    it("re-encodes an image without its metadata and serves it", async () => {
      const jpeg = await sharp(await gradientPng(32))
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: "Secret Camera Co", Artist: "Someone" } } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const res = await s.upload<{ url: string }>(
        IMAGE,
        [{ field: "file", name: "photo.JPG", bytes: jpeg }],
        {
          token: owner.token,
          fields: { purpose: "annotation", content_id: radioId },
        },
      );
      expect(res.body).toMatchObject({ status: true, rescode: 200 });
      expect(res.body.data.url).toMatch(/^\/blobs\/[0-9a-f]{64}\.jpg$/);
      const served = await fetch(`${s.server.baseUrl}${res.body.data.url}`);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(32);
    });

    it("refuses images that are not jpg or png, or too large, storing nothing", async () => {
      const blobsBefore = await s.blobFiles();
      const rowsBefore = await s.rows();
      const gif = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000");
      const png = await gradientPng(8);
      const cases: Array<[string, Uint8Array, string, string]> = [
        ["a.gif", gif, "Only jpg and png files can be uploaded.", "imageType"],
        ["a.jpg", png, "Only jpg and png files can be uploaded.", "imageType"],
        ["a.php.png", png, "File invalid. Files of this kind cannot be uploaded.", "fileInvalid"],
      ];
      for (const [name, bytes, message, code] of cases) {
        const res = await s.upload(IMAGE, [{ field: "file", name, bytes }], {
          token: owner.token,
          fields: { purpose: "annotation" },
        });
        expect(res.body).toEqual({
          status: false,
          rescode: CODES[code as "imageType" | "fileInvalid"].rescode,
          data: null,
          message,
        });
      }
      const big = new Uint8Array(4 * 1024 * 1024 + 1);
      big.set(png.subarray(0, 64));
      const tooBig = await s.upload(IMAGE, [{ field: "file", name: "big.png", bytes: big }], {
        token: owner.token,
        fields: { purpose: "annotation" },
      });
      expect(tooBig.body).toEqual({
        status: false,
        rescode: CODES.imageSize.rescode,
        data: null,
        message: "The image exceeds the size limit.",
      });
      const noPurpose = await s.upload(IMAGE, [{ field: "file", name: "a.png", bytes: png }], {
        token: owner.token,
      });
      expect(noPurpose.body).toMatchObject({
        rescode: CODES.validation.rescode,
        data: { fields: { purpose: expect.any(String) } },
      });
      expect(await s.blobFiles()).toEqual(blobsBefore);
      expect(await s.rows()).toEqual(rowsBefore);
    });

    it("accepts an mp4 video for annotations and refuses other videos", async () => {
      const res = await s.upload<{ url: string }>(
        VIDEO,
        [{ field: "file", name: "demo.mp4", bytes: tinyMp4() }],
        {
          token: owner.token,
        },
      );
      expect(res.body).toMatchObject({ status: true, rescode: 200 });
      expect(res.body.data.url).toMatch(/\.mp4$/);
      const served = await fetch(`${s.server.baseUrl}${res.body.data.url}`);
      expect(served.headers.get("content-type")).toBe("video/mp4");
      const withVideo = { ...annotation(1), videos: [res.body.data.url] };
      const saved = await s.call(
        contentUpdateCall,
        { content_id: radioId, build: build({ annotationinfo: [withVideo] }) },
        owner.token,
      );
      expect(saved.body.status).toBe(true);

      const avi = new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000AVI LIST");
      const refused = await s.upload(VIDEO, [{ field: "file", name: "demo.avi", bytes: avi }], {
        token: owner.token,
      });
      expect(refused.body).toMatchObject({
        status: false,
        rescode: CODES.fileInvalid.rescode,
        message: "File invalid. This file type is not accepted here.",
      });
    });
  });

  describe("blob serving", () => {
    it("serves a blob whole and by ranges, immutable, with its type", async () => {
      const doc = (await s.call(contentDetailCall, { content_id: radioId }, owner.token)).body.data.doc;
      const url = `${s.server.baseUrl}${doc.original_url}`;
      const size = fixtureModel("Radio.glb").byteLength;
      const key = doc.original_url.replace("/blobs/", "");

      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      const headers: Record<string, string> = {};
      whole.headers.forEach((value, name) => {
        headers[name] = value;
      });
      expect(headers).toMatchObject({
        "content-type": "model/gltf-binary",
        "cache-control": "public, max-age=31536000, immutable",
        "accept-ranges": "bytes",
        etag: `"${key}"`,
        "x-content-type-options": "nosniff",
        "content-length": String(size),
      });
      expect((await whole.arrayBuffer()).byteLength).toBe(size);

      const head = await fetch(url, { headers: { range: "bytes=0-3" } });
      expect(head.status).toBe(206);
      expect(head.headers.get("content-range")).toBe(`bytes 0-3/${size}`);
      expect(await head.text()).toBe("glTF");

      const tail = await fetch(url, { headers: { range: "bytes=-10" } });
      expect(tail.status).toBe(206);
      expect(tail.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect((await tail.arrayBuffer()).byteLength).toBe(10);

      const open = await fetch(url, { headers: { range: `bytes=${size - 5}-` } });
      expect(open.headers.get("content-range")).toBe(`bytes ${size - 5}-${size - 1}/${size}`);

      const past = await fetch(url, { headers: { range: `bytes=${size}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${size}`);

      const cached = await fetch(url, { headers: { "if-none-match": `"${key}"` } });
      expect(cached.status).toBe(304);
    });

    it("answers 404 for unknown and malformed keys", async () => {
      expect((await fetch(`${s.server.baseUrl}/blobs/${"0".repeat(64)}.glb`)).status).toBe(404);
      expect((await fetch(`${s.server.baseUrl}/blobs/..%2Fsecrets.json`)).status).toBe(404);
    });
  });
});
