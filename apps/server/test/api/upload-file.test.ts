/**
 * General file uploads (`POST /api/upload/file`) through the real server: every type a purpose
 * takes is accepted and answered `{url, name, size, type}` (fetchable under its URL); every kind
 * the §5 checker refuses, and every type a purpose does not take, answers its message and
 * stores nothing (no blob, no row, no temp file).
 */
import { CODES, type TUploadedFile, UPLOAD_MESSAGES } from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startContentServer, type TContentServer, type TSignedIn } from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import * as files from "../support/files";
import { fixtureModel } from "../support/models";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const FILE = "/api/upload/file";
const CAP = 256 * 1024;

type TBytes = () => Uint8Array | Promise<Uint8Array>;

describe.each(targets)("general file uploads on $name", (target) => {
  let s: TContentServer;
  let owner: TSignedIn;

  beforeAll(async () => {
    s = await startContentServer({ ...target.env, UPLOAD_MAX_BYTES: String(CAP) });
    owner = await s.user();
  });
  afterAll(() => s?.shutdown());

  const send = async (purpose: string | null, name: string, bytes: TBytes, type = "", token = owner.token) =>
    s.upload<TUploadedFile>(FILE, [{ field: "file", name, type, bytes: await bytes() }], {
      token,
      fields: purpose === null ? {} : { purpose },
    });

  const accepted: Array<[string, string, TBytes, string, string]> = [
    ["production", "photo.png", files.png, "image/png", "image/png"],
    ["production", "photo.jpg", files.jpeg, "image/jpeg", "image/jpeg"],
    ["production", "photo.jpeg", files.jpeg, "", "image/jpeg"],
    ["production", "brief.pdf", files.pdf, "application/pdf", "application/pdf"],
    ["production", "turntable.mp4", files.mp4, "video/mp4", "video/mp4"],
    ["production", "turntable.mov", files.mov, "video/quicktime", "video/quicktime"],
    ["production", "old.avi", files.avi, "video/x-msvideo", "video/x-msvideo"],
    ["production", "old.wmv", files.wmv, "video/x-ms-wmv", "video/x-ms-wmv"],
    ["production", "deck.ppt", files.ppt, "application/vnd.ms-powerpoint", "application/vnd.ms-powerpoint"],
    [
      "production",
      "deck.pptx",
      files.pptx,
      "",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ],
    ["production", "part.stl", files.binaryStl, "", "model/stl"],
    ["production", "part-ascii.stl", files.asciiStl, "model/stl", "model/stl"],
    ["production", "part.step", files.step, "", "model/step"],
    ["production", "part.stp", files.step, "application/step", "model/step"],
    ["booth_document", "catalogue.pdf", files.pdf, "application/pdf", "application/pdf"],
    ["qna_image", "screen.png", files.png, "image/png", "image/png"],
    ["qna_image", "screen.jpg", files.jpeg, "image/jpeg", "image/jpeg"],
  ];

  it.each(accepted)("%s takes %s", async (purpose, name, bytes, declared, mime) => {
    const before = await s.rows();
    const res = await send(purpose, name, bytes, declared);
    expect(res.body.rescode).toBe(CODES.ok.rescode);
    const doc = res.body.data;
    expect(doc).toMatchObject({ name, type: mime });
    expect(doc.url).toMatch(/^\/blobs\/[0-9a-f]{64}\.[a-z0-9]+$/);
    const served = await fetch(`${s.server.baseUrl}${doc.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(mime);
    const body = new Uint8Array(await served.arrayBuffer());
    expect(body.byteLength).toBe(doc.size);
    // Images are re-encoded (metadata dropped); every other file is stored as sent.
    if (purpose !== "qna_image") expect(body).toEqual(await bytes());
    expect((await s.rows()).uploads).toBe(before.uploads + 1);
    expect(await s.tempFiles()).toEqual([]);
  });

  const html = () => new TextEncoder().encode("<!DOCTYPE html><html><script>alert(1)</script></html>");
  const refused: Array<[string, string, string, TBytes, string, string]> = [
    ["an executable", "production", "setup.exe", files.pdf, "", UPLOAD_MESSAGES["blocked-extension"]],
    [
      "a hidden script extension",
      "production",
      "brief.php.pdf",
      files.pdf,
      "",
      UPLOAD_MESSAGES["blocked-extension"],
    ],
    ["an archive", "production", "refs.zip", files.pptx, "", UPLOAD_MESSAGES["blocked-extension"]],
    ["a web page named .pdf", "production", "brief.pdf", html, "", UPLOAD_MESSAGES["script-content"]],
    [
      "a deck with macros",
      "production",
      "deck.ppt",
      files.pptWithMacros,
      "",
      UPLOAD_MESSAGES["script-content"],
    ],
    [
      "bytes of no known type",
      "production",
      "notes.pdf",
      () => new Uint8Array(300).fill(7),
      "",
      UPLOAD_MESSAGES["unknown-type"],
    ],
    [
      "a binary STL of the wrong length",
      "production",
      "part.stl",
      () => files.binaryStl().subarray(0, 120),
      "",
      UPLOAD_MESSAGES["unknown-type"],
    ],
    ["a PNG named .pdf", "production", "brief.pdf", files.png, "", UPLOAD_MESSAGES["type-mismatch"]],
    [
      "a PDF declared as an image",
      "production",
      "brief.pdf",
      files.pdf,
      "image/png",
      UPLOAD_MESSAGES["type-mismatch"],
    ],
    [
      "a glb for production references",
      "production",
      "model.glb",
      () => fixtureModel("Radio.glb").subarray(0, 200_000),
      "",
      UPLOAD_MESSAGES["not-allowed"],
    ],
    [
      "an STL as a booth document",
      "booth_document",
      "part.stl",
      files.asciiStl,
      "",
      UPLOAD_MESSAGES["not-allowed"],
    ],
    ["a PDF as a Q&A image", "qna_image", "brief.pdf", files.pdf, "", UPLOAD_MESSAGES["not-allowed"]],
  ];

  it.each(refused)(
    "refuses %s and stores nothing",
    async (_label, purpose, name, bytes, declared, message) => {
      const blobs = await s.blobFiles();
      const rows = await s.rows();
      const res = await send(purpose, name, bytes, declared);
      expect(res.body).toEqual({ status: false, rescode: CODES.fileInvalid.rescode, data: null, message });
      expect(await s.blobFiles()).toEqual(blobs);
      expect(await s.rows()).toEqual(rows);
      expect(await s.tempFiles()).toEqual([]);
    },
  );

  it("refuses a file over its purpose's cap, an unknown purpose and a visitor, storing nothing", async () => {
    const blobs = await s.blobFiles();
    const rows = await s.rows();
    const big = new Uint8Array(CAP + 10_000);
    big.set(files.pdf());
    const tooBig = await send("production", "big.pdf", () => big);
    expect(tooBig.http).toBe(413);
    expect(tooBig.body.rescode).toBe(CODES.tooLarge.rescode);
    const noPurpose = await send(null, "brief.pdf", files.pdf);
    expect(noPurpose.body).toMatchObject({ status: false, rescode: CODES.validation.rescode });
    const badPurpose = await send("thumbnail", "brief.pdf", files.pdf);
    expect(badPurpose.body).toMatchObject({ status: false, rescode: CODES.validation.rescode });
    const visitor = await s.upload(FILE, [{ field: "file", name: "brief.pdf", bytes: files.pdf() }], {
      fields: { purpose: "production" },
    });
    expect(visitor.body.status).toBe(false);
    expect(visitor.body.rescode).not.toBe(CODES.ok.rescode);
    expect(await s.blobFiles()).toEqual(blobs);
    expect(await s.rows()).toEqual(rows);
    expect(await s.tempFiles()).toEqual([]);
  });
});
