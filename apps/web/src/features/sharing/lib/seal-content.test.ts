import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_SCENE, type TContentDoc } from "@vitrine/contract";
import { openSnapshot } from "@vitrine/viewer/sealed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealContent, snapshotMediaUrls } from "./seal-content";

const FILES: Record<string, { type: string; body: Buffer }> = {
  "/blobs/model.glb": { type: "model/gltf-binary", body: Buffer.from("glTF-model-bytes".repeat(100)) },
  "/blobs/a1.png": { type: "image/png", body: Buffer.from("png-1") },
  "/blobs/v1.mp4": { type: "video/mp4", body: Buffer.from("mp4-1") },
  "/blobs/s1.jpg": { type: "image/jpeg", body: Buffer.from("jpg-step") },
  "/blobs/spec.png": { type: "image/png", body: Buffer.from("png-spec") },
};

let server: Server;
let origin = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const file = FILES[req.url ?? ""];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": file.type, "content-length": String(file.body.length) });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function doc(base: string): TContentDoc {
  const at = (path: string) => `${base}${path}`;
  return {
    content_id: "content_1",
    title: "Fox",
    status: "ready",
    failure_reason: null,
    processing: null,
    is_public: false,
    is_produced: false,
    model_url: at("/blobs/model.glb"),
    original_url: "/blobs/original.glb",
    thumbnail_url: null,
    build: {
      annotationinfo: [
        {
          annotation_id: "a1",
          title: "Ear",
          content: "",
          axis: null,
          images: [at("/blobs/a1.png")],
          videos: [at("/blobs/v1.mp4")],
          marker: { posx: 0, posy: 0, posz: 0, number: 1 },
          normal: null,
        },
      ],
      animationinfo: [
        {
          animation_id: "s1",
          title: "Walk",
          content: "",
          match_aniname: "Walk",
          images: [at("/blobs/s1.jpg"), at("/blobs/a1.png")],
        },
      ],
      materialinfo: [],
      sceneinfo: DEFAULT_SCENE,
    },
    specification: { images: [at("/blobs/spec.png")], homepage_url: null, purchase_url: null },
    model_info: null,
    views: 0,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
}

describe("sealing a content", () => {
  it("takes every media file the viewer may show, each once", () => {
    expect(snapshotMediaUrls(doc(""))).toEqual([
      "/blobs/a1.png",
      "/blobs/v1.mp4",
      "/blobs/s1.jpg",
      "/blobs/spec.png",
    ]);
  });

  it("packs the model and media so the key opens them byte for byte, with the build", async () => {
    const content = doc(origin);
    const phases: string[] = [];
    const { ciphertext, key } = await sealContent(content, (phase) => phases.push(phase));
    expect(phases[0]).toBe("collect");
    expect(phases.at(-1)).toBe("encrypt");
    const { manifest, files } = await openSnapshot(ciphertext, key);
    expect(manifest.title).toBe("Fox");
    expect(manifest.build).toEqual(content.build);
    expect(manifest.model).toBe(`${origin}/blobs/model.glb`);
    expect(files.size).toBe(5);
    for (const [path, file] of Object.entries(FILES)) {
      const blob = files.get(`${origin}${path}`);
      expect(blob?.type).toBe(file.type);
      expect(Buffer.from(await (blob as Blob).arrayBuffer()).equals(file.body)).toBe(true);
    }
  });

  it("fails instead of sealing a snapshot with a missing file", async () => {
    const content = doc(origin);
    content.specification.images = [`${origin}/blobs/gone.png`];
    await expect(sealContent(content, () => undefined)).rejects.toThrow(/404/);
  });
});
