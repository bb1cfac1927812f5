/**
 * Issue 9, item 5: broken multipart bodies on the four upload routes (model, image, video,
 * sealed) answer a clean 400 envelope and store nothing: no blob, no row, no temp file.
 * Before the fix each answered HTTP 500 "system error".
 */
import { CODES } from "@vitrine/contract";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shareLinks } from "../../src/db/schema/sharing";
import { startContentServer, type TContentServer, type TSignedIn } from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import { fixtureModel, gradientPng } from "../support/models";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

/** Each route and the name of its file part. */
const ROUTES = [
  { path: "/api/upload/model", field: "files", filename: "box.glb", type: "model/gltf-binary" },
  { path: "/api/upload/image", field: "file", filename: "photo.png", type: "image/png" },
  { path: "/api/upload/video", field: "file", filename: "clip.mp4", type: "video/mp4" },
  { path: "/api/upload/sealed", field: "file", filename: "snapshot.bin", type: "application/octet-stream" },
] as const;

type TRoute = (typeof ROUTES)[number];

/** A good file of the route's kind, which passes every first-bytes check. */
async function goodFile(route: TRoute): Promise<Buffer> {
  if (route.path.endsWith("model")) return Buffer.from(fixtureModel("Radio.glb"));
  if (route.path.endsWith("image")) return Buffer.from(await gradientPng(256));
  // Bytes that look random (a sealed snapshot's ciphertext); the video gets an mp4 signature.
  const body = Buffer.alloc(20_000);
  for (let i = 0; i < body.length; i += 1) body[i] = (i * 7919 + 13) % 251;
  if (route.path.endsWith("video")) Buffer.from("\0\0\0\x18ftypmp42", "latin1").copy(body);
  return body;
}

function part(boundary: string, route: TRoute, filename: string, bytes: Buffer): Buffer {
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${route.field}"; filename="${filename}"\r\n` +
    `Content-Type: ${route.type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), bytes, Buffer.from("\r\n", "latin1")]);
}

function field(boundary: string, name: string, value: string): Buffer {
  return Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
}

/** The three broken bodies of the issue, each with its content type. */
async function brokenBodies(route: TRoute): Promise<Array<{ name: string; boundary: string; body: Buffer }>> {
  const file = await goodFile(route);
  const b = "vitrine-test-boundary";
  const fields = Buffer.concat([field(b, "purpose", "annotation"), field(b, "content_id", "c_missing")]);
  const long = "x".repeat(300);
  return [
    {
      name: "a file part with an empty filename",
      boundary: b,
      body: Buffer.concat([fields, part(b, route, "", file), Buffer.from(`--${b}--\r\n`)]),
    },
    {
      name: "a truncated body",
      boundary: b,
      body: Buffer.concat([fields, part(b, route, route.filename, file)]).subarray(0, -200),
    },
    {
      name: "a boundary over 256 characters",
      boundary: long,
      body: Buffer.concat([
        field(long, "purpose", "annotation"),
        part(long, route, route.filename, file),
        Buffer.from(`--${long}--\r\n`),
      ]),
    },
  ];
}

describe.each(targets)("broken multipart bodies on $name", (target) => {
  let cs: TContentServer;
  let owner: TSignedIn;

  beforeAll(async () => {
    cs = await startContentServer(target.env);
    owner = await cs.user();
  });
  afterAll(async () => cs?.shutdown());

  async function storedLinks(): Promise<number> {
    const [row] = await cs.platform.database.db.select({ n: count() }).from(shareLinks);
    return row?.n ?? 0;
  }

  for (const route of ROUTES) {
    it(`answers 400 on ${route.path} and stores nothing`, async () => {
      const before = { blobs: await cs.blobFiles(), rows: await cs.rows(), links: await storedLinks() };
      for (const broken of await brokenBodies(route)) {
        const res = await fetch(`${cs.server.baseUrl}${route.path}`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${owner.token}`,
            "content-type": `multipart/form-data; boundary=${broken.boundary}`,
          },
          body: new Uint8Array(broken.body),
        });
        const text = await res.text();
        expect(res.status, `${broken.name}: ${text}`).toBe(400);
        expect(JSON.parse(text), broken.name).toEqual({
          status: false,
          rescode: CODES.badRequest.rescode,
          data: null,
          message: CODES.badRequest.message,
        });
        expect(await cs.blobFiles(), broken.name).toEqual(before.blobs);
        expect(await cs.rows(), broken.name).toEqual(before.rows);
        expect(await storedLinks(), broken.name).toBe(before.links);
        expect(await cs.tempFiles(), broken.name).toEqual([]);
      }
      // The same file in a well-formed body gets past the parser to the route's own answer
      // (a new content for the model; the made-up content id for the others).
      const b = "vitrine-test-boundary";
      const good = await fetch(`${cs.server.baseUrl}${route.path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${owner.token}`,
          "content-type": `multipart/form-data; boundary=${b}`,
        },
        body: new Uint8Array(
          Buffer.concat([
            field(b, "purpose", "annotation"),
            ...(route.path.endsWith("model") ? [] : [field(b, "content_id", "c_missing")]),
            part(b, route, route.filename, await goodFile(route)),
            Buffer.from(`--${b}--\r\n`),
          ]),
        ),
      });
      const answer = (await good.json()) as { rescode: number; data: { content_id?: string } | null };
      expect(answer.rescode).toBe(route.path.endsWith("model") ? CODES.ok.rescode : CODES.notFound.rescode);
      // Let the new content's processing finish, so the next route's blob count is steady.
      if (answer.data?.content_id) await cs.settled(answer.data.content_id, owner.token);
    });
  }
});
