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

  it("keeps the monthly and total accesses equal when the database fails while counting", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId);
    const created = await s.call(shareLinkCreateCall, { content_id: contentId }, { token: owner.token });
    if (!created.body.status) throw new Error("create failed");
    const url = created.body.data.doc.sharelink_url;
    const { db } = s.platform.database;

    expect((await s.call(shareLinkResolveCall, { sharelink_url: url })).body.status).toBe(true);
    // From now on the database refuses to add to a link's total, after the month was counted.
    await db.execute(sql`create or replace function vt_test_refuse_total() returns trigger
      language plpgsql as $$ begin raise exception 'database went away'; end $$`);
    await db.execute(sql`create trigger vt_test_refuse_total before update of total_access on share_links
      for each row execute function vt_test_refuse_total()`);
    try {
      for (let i = 0; i < 3; i++) {
        const failed = await s.call(shareLinkResolveCall, { sharelink_url: url });
        expect(failed.body.status).toBe(false);
        expect(failed.body.rescode).not.toBe(CODES.ok.rescode);
      }
    } finally {
      await db.execute(sql`drop trigger vt_test_refuse_total on share_links`);
      await db.execute(sql`drop function vt_test_refuse_total()`);
    }
    expect((await s.call(shareLinkResolveCall, { sharelink_url: url })).body.status).toBe(true);

    const list = await s.call(shareLinkListCall, { content_id: contentId }, { token: owner.token });
    const doc = list.body.status ? list.body.data.docs.find((d) => d.sharelink_url === url) : undefined;
    expect(doc?.month_access).toBe(2);
    expect(doc?.total_access).toBe(2);
  });
});
