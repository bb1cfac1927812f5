/**
 * Files of shared contents (issue 9 item 7): open links hand out the content's immutable blob
 * URLs; password and sealed links hand out URLs scoped to the link that never contain the real
 * key, are refused when altered, and stop answering the moment the link is deleted.
 */
import { randomBytes } from "node:crypto";
import {
  CODES,
  contentDetailCall,
  shareLinkCreateCall,
  shareLinkDeleteCall,
  shareLinkResolveCall,
  shareLinkUnlockCall,
  type TSharedDoc,
  type TShareLinkDoc,
} from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseTargets } from "../support/databases";
import { startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("files of shared contents on $name", (target) => {
  let s: TSharingServer;

  beforeAll(async () => {
    s = await startSharingServer(target.env);
  });
  afterAll(async () => {
    await s?.shutdown();
  });

  async function link(owner: TOwner, contentId: string, password?: string): Promise<TShareLinkDoc> {
    const res = await s.call(
      shareLinkCreateCall,
      { content_id: contentId, ...(password ? { password } : {}) },
      { token: owner.token },
    );
    if (!res.body.status) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
    return res.body.data.doc;
  }

  async function realUrls(owner: TOwner, contentId: string): Promise<{ model: string; thumbnail: string }> {
    const res = await s.call(contentDetailCall, { content_id: contentId }, { token: owner.token });
    if (!res.body.status) throw new Error("detail failed");
    return { model: res.body.data.doc.model_url ?? "", thumbnail: res.body.data.doc.thumbnail_url ?? "" };
  }

  async function unlockedDoc(url: string, password: string): Promise<TSharedDoc> {
    const right = await s.call(shareLinkUnlockCall, { sharelink_url: url, password });
    const cookie = right.cookies[`vt_sl_${url.slice(0, 12)}`]?.value ?? "";
    const res = await s.call(
      shareLinkResolveCall,
      { sharelink_url: url },
      { cookies: { [`vt_sl_${url.slice(0, 12)}`]: cookie } },
    );
    if (!res.body.status) throw new Error(`resolve failed: ${JSON.stringify(res.body)}`);
    return res.body.data.doc;
  }

  it("keeps open links on the content's immutable blob URLs", async () => {
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId, { withThumbnail: true });
    const real = await realUrls(owner, contentId);
    const doc = await link(owner, contentId);
    const res = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    const shared = res.body.status ? res.body.data.doc : null;
    if (shared?.kind !== "content") throw new Error("expected content");
    expect(shared.content.model_url).toBe(real.model);
    const file = await s.get(shared.content.model_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves a password link's files under link-scoped URLs that end with the link", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId, { withThumbnail: true });
    const real = await realUrls(owner, contentId);
    const doc = await link(owner, contentId, "opensesame");
    const shared = await unlockedDoc(doc.sharelink_url, "opensesame");
    if (shared.kind !== "content") throw new Error("expected content");
    const { model_url: modelUrl, thumbnail_url: thumbnailUrl } = shared.content;

    // Not the open URL, and the real key appears nowhere in the answer.
    expect(modelUrl).not.toBe(real.model);
    const realKey = real.model.replace("/blobs/", "").replace(/\.glb$/, "");
    const thumbKey = real.thumbnail.replace("/blobs/", "").replace(/\.png$/, "");
    expect(JSON.stringify(shared)).not.toContain(realKey);
    expect(JSON.stringify(shared)).not.toContain(thumbKey);

    const model = await s.get(modelUrl);
    const open = await s.get(real.model);
    expect(model.status).toBe(200);
    expect(model.text).toBe(open.text);
    expect(model.headers.get("cache-control")).toBe("private, no-cache");
    expect(model.headers.get("etag") ?? "").not.toContain(realKey);
    expect((await s.get(thumbnailUrl ?? "")).status).toBe(200);

    // An altered URL (another expiry, another MAC) is refused.
    const altered = modelUrl.replace(/\.(\d+)\./, (_m, n: string) => `.${Number(n) + 3600}.`);
    expect((await s.get(altered)).status).toBe(404);
    const forged = modelUrl.replace(/\.([A-Za-z0-9_-]{22})\./, (_m, mac: string) => {
      const flipped = mac.startsWith("A") ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
      return `.${flipped}.`;
    });
    expect((await s.get(forged)).status).toBe(404);

    // Deleting the link ends access to its files at once.
    await s.call(shareLinkDeleteCall, { sharelink_url: doc.sharelink_url }, { token: owner.token });
    const after = await s.get(modelUrl);
    expect(after.status).toBe(404);
    expect(after.text).not.toBe(open.text);
    expect((await s.get(modelUrl, { "if-none-match": model.headers.get("etag") ?? "" })).status).toBe(404);
  });

  it("opens a password link with the unlock call's token when the browser keeps no cookie", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId, { title: "Framed lamp" });
    const a = await link(owner, contentId, "opensesame");
    const b = await link(owner, contentId, "opensesame");
    const right = await s.call(shareLinkUnlockCall, {
      sharelink_url: a.sharelink_url,
      password: "opensesame",
    });
    const token = right.body.status ? right.body.data.unlock_token : null;
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);

    // No cookie sent: the token alone opens link A, and its files.
    const open = await s.call(shareLinkResolveCall, {
      sharelink_url: a.sharelink_url,
      unlock_token: token ?? "",
    });
    const shared = open.body.status ? open.body.data.doc : null;
    if (shared?.kind !== "content") throw new Error(`expected content: ${JSON.stringify(open.body)}`);
    expect(shared.content.title).toBe("Framed lamp");
    expect((await s.get(shared.content.model_url)).status).toBe(200);

    // It opens no other link, and an altered token opens nothing.
    const other = await s.call(shareLinkResolveCall, {
      sharelink_url: b.sharelink_url,
      unlock_token: token ?? "",
    });
    expect(other.body.rescode).toBe(CODES.sharePasswordRequired.rescode);
    const forged = `${(token ?? "").slice(0, -2)}${(token ?? "").endsWith("AA") ? "BB" : "AA"}`;
    const altered = await s.call(shareLinkResolveCall, {
      sharelink_url: a.sharelink_url,
      unlock_token: forged,
    });
    expect(altered.body.rescode).toBe(CODES.sharePasswordRequired.rescode);
  });

  it("gives no file URL of a password link without its unlock", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId, { withThumbnail: true });
    const doc = await link(owner, contentId, "opensesame");
    const locked = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    expect(locked.body.rescode).toBe(CODES.sharePasswordRequired.rescode);
    expect(JSON.stringify(locked.body)).not.toContain("/blobs/");
  });

  it("serves sealed ciphertext only through its link, never under its stored key", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId);
    const ciphertext = randomBytes(20_000);
    const up = await s.uploadSealed(owner.token, contentId, ciphertext);
    const doc = (up.body.data as { doc: TShareLinkDoc }).doc;
    const res = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    const shared = res.body.status ? res.body.data.doc : null;
    if (shared?.kind !== "sealed") throw new Error("expected sealed");
    const [stored] = await s.sealedBlobs();
    expect(shared.sealed_url).not.toContain(stored ?? "none");
    expect((await s.get(shared.sealed_url)).status).toBe(200);
    expect((await s.get(`/blobs/${stored}`)).status).toBe(404);
  });
});
