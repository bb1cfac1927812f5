/**
 * Share links through the real server, as their owner uses them: link limits per plan, password
 * links from Standard only, only ready contents, sealed links that store exactly the ciphertext
 * and refuse plaintext, another owner's links untouchable, and links removed with their link,
 * content or account.
 */
import { randomBytes } from "node:crypto";
import {
  CODES,
  contentDeleteCall,
  deleteAccountCall,
  shareLinkCreateCall,
  shareLinkDeleteCall,
  shareLinkListCall,
  shareLinkResolveCall,
  type TShareLinkDoc,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shareLinks } from "../../src/db/schema/sharing";
import { testDatabaseTargets } from "../support/databases";
import { fixtureModel } from "../support/models";
import { startSharingServer, TEST_SEALED_MAX, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("share links on $name", (target) => {
  let s: TSharingServer;

  beforeAll(async () => {
    s = await startSharingServer(target.env);
  });
  afterAll(() => s?.shutdown());

  async function create(token: string, contentId: string, password?: string) {
    return s.call(
      shareLinkCreateCall,
      { content_id: contentId, ...(password ? { password } : {}) },
      { token },
    );
  }

  async function createdDoc(token: string, contentId: string, password?: string): Promise<TShareLinkDoc> {
    const res = await create(token, contentId, password);
    if (!res.body.status) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
    return res.body.data.doc;
  }

  it("allows 1, 3 and 10 links per content on Basic, Standard and Advanced", async () => {
    for (const [level, limit] of [
      ["basic", 1],
      ["standard", 3],
      ["advanced", 10],
    ] as const) {
      const owner = await s.owner(level);
      const contentId = await s.content(owner.userId);
      const names = new Set<string>();
      for (let i = 0; i < limit; i++) {
        const doc = await createdDoc(owner.token, contentId);
        expect(doc.sharelink_url).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(doc.kind).toBe("open");
        names.add(doc.sharelink_url);
      }
      expect(names.size).toBe(limit);
      const refused = await create(owner.token, contentId);
      expect(refused.body.rescode, level).toBe(CODES.planLimit.rescode);
      expect(refused.body.data).toMatchObject({ limit: "sharelink" });

      const list = await s.call(shareLinkListCall, { content_id: contentId }, { token: owner.token });
      expect(list.body.status).toBe(true);
      if (!list.body.status) return;
      expect(list.body.data.docs).toHaveLength(limit);
      expect(list.body.data.allowance).toEqual({
        limit,
        can_password: level !== "basic",
        month_limit: level === "basic" ? 100 : null,
      });
      // The limit counts per content: another content of the same owner has its own.
      const other = await s.content(owner.userId);
      expect((await create(owner.token, other)).body.status).toBe(true);
    }
  });

  it("never passes the limit when links are created at the same moment", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(owner.token, contentId)));
    expect(answers.filter((a) => a.body.status)).toHaveLength(3);
    expect(answers.filter((a) => a.body.rescode === CODES.planLimit.rescode)).toHaveLength(3);
  });

  it("refuses a password link on Basic and stores Standard's password as a hash", async () => {
    const basic = await s.owner("basic");
    const basicContent = await s.content(basic.userId);
    const refused = await create(basic.token, basicContent, "opensesame");
    expect(refused.body.rescode).toBe(CODES.sharePasswordPlan.rescode);
    const list = await s.call(shareLinkListCall, { content_id: basicContent }, { token: basic.token });
    expect(list.body.status && list.body.data.docs).toEqual([]);

    const standard = await s.owner("standard");
    const doc = await createdDoc(standard.token, await s.content(standard.userId), "opensesame");
    expect(doc.kind).toBe("password");
    const [row] = await s.platform.database.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.url, doc.sharelink_url));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain("opensesame");
  });

  it("shares only ready contents", async () => {
    const owner = await s.owner("standard");
    for (const status of ["processing", "failed"] as const) {
      const res = await create(owner.token, await s.content(owner.userId, { status }));
      expect(res.body.rescode, status).toBe(CODES.contentNotReady.rescode);
    }
  });

  it("never lets another owner create, list or delete links of a content", async () => {
    const owner = await s.owner("standard");
    const intruder = await s.owner("advanced");
    const contentId = await s.content(owner.userId);
    const doc = await createdDoc(owner.token, contentId);

    expect((await create(intruder.token, contentId)).body.rescode).toBe(CODES.notFound.rescode);
    const list = await s.call(shareLinkListCall, { content_id: contentId }, { token: intruder.token });
    expect(list.body.rescode).toBe(CODES.notFound.rescode);
    const del = await s.call(
      shareLinkDeleteCall,
      { sharelink_url: doc.sharelink_url },
      { token: intruder.token },
    );
    expect(del.body.rescode).toBe(CODES.notFound.rescode);

    // Untouched: still listed for its owner and still open to visitors.
    const mine = await s.call(shareLinkListCall, { content_id: contentId }, { token: owner.token });
    expect(mine.body.status && mine.body.data.docs.map((d) => d.sharelink_url)).toEqual([doc.sharelink_url]);
    const visit = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    expect(visit.body.status).toBe(true);
    // Visitors without a token cannot manage links at all.
    const anonymous = await s.call(shareLinkListCall, { content_id: contentId });
    expect(anonymous.body.rescode).toBe(CODES.forbidden.rescode);
  });

  it("deletes a link: visitors then get notFound and the place is free again", async () => {
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId);
    const doc = await createdDoc(owner.token, contentId);
    const del = await s.call(
      shareLinkDeleteCall,
      { sharelink_url: doc.sharelink_url },
      { token: owner.token },
    );
    expect(del.body.status).toBe(true);
    const visit = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    expect(visit.body.rescode).toBe(CODES.notFound.rescode);
    expect(visit.http).toBe(404);
    // Basic's one place is free again.
    expect((await create(owner.token, contentId)).body.status).toBe(true);
    const again = await s.call(
      shareLinkDeleteCall,
      { sharelink_url: doc.sharelink_url },
      { token: owner.token },
    );
    expect(again.body.rescode).toBe(CODES.notFound.rescode);
  });

  it("stores a sealed snapshot's ciphertext byte for byte and serves it through the link", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId, { title: "Secret prototype" });
    const ciphertext = randomBytes(20_000);
    const up = await s.uploadSealed(owner.token, contentId, ciphertext);
    expect(up.http).toBe(200);
    expect(up.body.status).toBe(true);
    const doc = (up.body.data as { doc: TShareLinkDoc }).doc;
    expect(doc).toMatchObject({ kind: "sealed", sealed_bytes: ciphertext.length, content_id: contentId });

    const visit = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    expect(visit.body.status).toBe(true);
    if (!visit.body.status) return;
    const shared = visit.body.data.doc;
    expect(shared.kind).toBe("sealed");
    if (shared.kind !== "sealed") return;
    expect(JSON.stringify(shared)).not.toContain("Secret prototype");
    // Who shared it is no secret of the snapshot; the page shows it once the snapshot is open.
    expect(shared.publisher).toEqual({ owner_id: owner.userId, name: "", href: null });
    const res = await fetch(`${s.server.baseUrl}${shared.sealed_url}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(ciphertext)).toBe(true);

    // Deleting the link removes the ciphertext too.
    expect(await s.sealedBlobs()).toHaveLength(1);
    await s.call(shareLinkDeleteCall, { sharelink_url: doc.sharelink_url }, { token: owner.token });
    expect(await s.sealedBlobs()).toHaveLength(0);
    expect((await fetch(`${s.server.baseUrl}${shared.sealed_url}`)).status).toBe(404);
  });

  it("refuses plaintext as a sealed snapshot and stores nothing", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId);
    const before = await s.sealedBlobs();
    const glb = fixtureModel("Radio.glb").subarray(0, 30_000);
    const json = new TextEncoder().encode(
      JSON.stringify({ asset: { version: "2.0" }, pad: "x".repeat(5000) }),
    );
    const zeros = new Uint8Array(4096);
    for (const [name, bytes] of [
      ["glb", glb],
      ["json", json],
      ["zeros", zeros],
      ["tiny", randomBytes(20)],
    ] as const) {
      const res = await s.uploadSealed(owner.token, contentId, bytes);
      expect(res.body.rescode, name).toBe(CODES.fileInvalid.rescode);
    }
    const big = await s.uploadSealed(owner.token, contentId, randomBytes(TEST_SEALED_MAX + 1024));
    expect(big.body.rescode).toBe(CODES.tooLarge.rescode);
    expect(await s.sealedBlobs()).toEqual(before);
    const list = await s.call(shareLinkListCall, { content_id: contentId }, { token: owner.token });
    expect(list.body.status && list.body.data.docs).toEqual([]);
  });

  it("counts sealed links in the plan's limit and refuses another owner's content", async () => {
    const before = await s.sealedBlobs();
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId);
    await createdDoc(owner.token, contentId);
    const full = await s.uploadSealed(owner.token, contentId, randomBytes(2048));
    expect(full.body.rescode).toBe(CODES.planLimit.rescode);
    const intruder = await s.owner("advanced");
    const theirs = await s.uploadSealed(intruder.token, contentId, randomBytes(2048));
    expect(theirs.body.rescode).toBe(CODES.notFound.rescode);
    const anonymous = await fetch(`${s.server.baseUrl}/api/upload/sealed`, { method: "POST" });
    expect(anonymous.status).toBe(403);
    expect(await s.sealedBlobs()).toEqual(before);
  });

  it("removes a content's links (and sealed ciphertext) with the content, and an owner's with the account", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId);
    const open = await createdDoc(owner.token, contentId);
    const sealed = await s.uploadSealed(owner.token, contentId, randomBytes(4096));
    expect(sealed.body.status).toBe(true);
    const deleted = await s.call(contentDeleteCall, { content_id: contentId }, { token: owner.token });
    expect(deleted.body.status).toBe(true);
    expect((await s.call(shareLinkResolveCall, { sharelink_url: open.sharelink_url })).body.rescode).toBe(
      CODES.notFound.rescode,
    );
    expect(await s.sealedBlobs()).toEqual([]);

    const leaving = await s.owner("standard");
    const kept = await createdDoc(leaving.token, await s.content(leaving.userId));
    const gone = await s.call(deleteAccountCall, { password: leaving.password }, { token: leaving.token });
    expect(gone.body.status).toBe(true);
    const visit = await s.call(shareLinkResolveCall, { sharelink_url: kept.sharelink_url });
    expect(visit.body.rescode).toBe(CODES.notFound.rescode);
    const rows = await s.platform.database.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.ownerId, leaving.userId));
    expect(rows).toEqual([]);
  });
});
