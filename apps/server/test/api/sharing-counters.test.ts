/**
 * Share-link counters under failure (issue 9 item 4): a link's monthly and total accesses are
 * written by one statement, so a database failure in the middle of counting leaves them equal.
 * The failure is real: a trigger makes PostgreSQL (or PGlite) refuse the second write.
 */
import { CODES, shareLinkCreateCall, shareLinkListCall, shareLinkResolveCall } from "@vitrine/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseTargets } from "../support/databases";
import { startSharingServer, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("share-link counters on $name", (target) => {
  let s: TSharingServer;

  beforeAll(async () => {
    s = await startSharingServer(target.env);
  });
  afterAll(async () => {
    await s?.shutdown();
  });

  async function refuseTotals(run: () => Promise<void>): Promise<void> {
    const { db } = s.platform.database;
    // The database refuses to add to a link's total (after the month would have been counted).
    await db.execute(sql`create or replace function vt_test_refuse_total() returns trigger
      language plpgsql as $$ begin raise exception 'database went away'; end $$`);
    await db.execute(sql`create trigger vt_test_refuse_total before update of total_access on share_links
      for each row execute function vt_test_refuse_total()`);
    try {
      await run();
    } finally {
      await db.execute(sql`drop trigger vt_test_refuse_total on share_links`);
      await db.execute(sql`drop function vt_test_refuse_total()`);
    }
  }

  async function newLink(level: "basic" | "standard") {
    const owner = await s.owner(level);
    const contentId = await s.content(owner.userId);
    const created = await s.call(shareLinkCreateCall, { content_id: contentId }, { token: owner.token });
    if (!created.body.status) throw new Error("create failed");
    const url = created.body.data.doc.sharelink_url;
    const counts = async () => {
      const list = await s.call(shareLinkListCall, { content_id: contentId }, { token: owner.token });
      const doc = list.body.status ? list.body.data.docs.find((d) => d.sharelink_url === url) : undefined;
      return { month: doc?.month_access, total: doc?.total_access };
    };
    return { url, counts };
  }

  it("keeps a limited link's monthly and total accesses equal when the database fails while counting", async () => {
    const { url, counts } = await newLink("basic");
    expect((await s.call(shareLinkResolveCall, { sharelink_url: url })).body.status).toBe(true);
    await refuseTotals(async () => {
      for (let i = 0; i < 3; i++) {
        const failed = await s.call(shareLinkResolveCall, { sharelink_url: url });
        expect(failed.body.status).toBe(false);
        expect(failed.body.rescode).not.toBe(CODES.ok.rescode);
      }
    });
    expect((await s.call(shareLinkResolveCall, { sharelink_url: url })).body.status).toBe(true);
    expect(await counts()).toEqual({ month: 2, total: 2 });
  });

  it("counts an unlimited link's accesses late but whole when the database fails while writing them", async () => {
    const { url, counts } = await newLink("standard");
    await refuseTotals(async () => {
      for (let i = 0; i < 4; i++) {
        expect((await s.call(shareLinkResolveCall, { sharelink_url: url })).body.status).toBe(true);
      }
      // Several write-behind tries fail meanwhile; nothing is counted half.
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await counts()).toEqual({ month: 0, total: 0 });
    });
    await vi.waitFor(async () => expect(await counts()).toEqual({ month: 4, total: 4 }), { timeout: 10_000 });
  });
});
