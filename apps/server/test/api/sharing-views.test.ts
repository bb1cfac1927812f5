/**
 * View counting without cookies (issue 9 item 8): a visitor who sends no cookie is still counted
 * once a day, by the daily hash of salt, IP, user agent and owner; the salt goes after 48 h and
 * no IP is stored.
 */
import {
  channelCreateCall,
  contentDetailCall,
  contentUpdateCall,
  visitChannelInflowCall,
  visitCountCall,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analyticsDailySalts, analyticsVisitorDays } from "../../src/db/schema/analytics";
import { sharingChannelInflow } from "../../src/db/schema/sharing";
import { testDatabaseTargets } from "../support/databases";
import { uniqueIp } from "../support/factories";
import { startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const DAY = 86_400_000;

describe.each(targets)("view counting without cookies on $name", (target) => {
  let s: TSharingServer;
  let offset = 0;

  beforeAll(async () => {
    s = await startSharingServer(target.env, { now: () => new Date(Date.now() + offset) });
  });
  afterAll(async () => {
    await s?.shutdown();
  });

  async function views(owner: TOwner, contentId: string): Promise<number> {
    const res = await s.call(contentDetailCall, { content_id: contentId }, { token: owner.token });
    if (!res.body.status) throw new Error("detail failed");
    return res.body.data.doc.views;
  }

  it("counts ten cookieless calls from one visitor as one view a day", async () => {
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId);
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => s.call(visitCountCall, { user_contents_id: contentId }, { ip })),
    );
    expect(answers.filter((a) => a.body.status && a.body.data.counted)).toHaveLength(1);
    expect(await views(owner, contentId)).toBe(1);

    // Another address is another visitor.
    await s.call(visitCountCall, { user_contents_id: contentId }, { ip: uniqueIp() });
    expect(await views(owner, contentId)).toBe(2);

    // The next day the same visitor counts again, once.
    offset += DAY;
    for (let i = 0; i < 3; i++) await s.call(visitCountCall, { user_contents_id: contentId }, { ip });
    expect(await views(owner, contentId)).toBe(3);

    // Only hashes are kept: the address appears in no stored row.
    const rows = await s.platform.database.db.select().from(analyticsVisitorDays);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(ip);
    for (const row of rows) expect(row.visitorHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("counts no view of a bot or headless browser, as analytics counts no visit of one (issue 31.15)", async () => {
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId);
    for (const userAgent of [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "curl/8.5.0",
      "",
    ]) {
      const answer = await s.call(
        visitCountCall,
        { user_contents_id: contentId },
        { ip: uniqueIp(), userAgent },
      );
      expect(answer.body.status).toBe(true);
      expect(answer.body.data.counted).toBe(false);
    }
    expect(await views(owner, contentId)).toBe(0);
    await s.call(visitCountCall, { user_contents_id: contentId }, { ip: uniqueIp() });
    expect(await views(owner, contentId)).toBe(1);
  });

  it("counts a channel's inflow once a day per visitor without cookies", async () => {
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId, { isPublic: true });
    const created = await s.call(channelCreateCall, { channel_name: "Lamps" }, { token: owner.token });
    if (!created.body.status) throw new Error("channel create failed");
    const channelId = created.body.data.doc.user_channel_id;
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      await s.call(
        visitChannelInflowCall,
        { user_contents_id: contentId, user_channel_id: channelId },
        { ip },
      );
    }
    const [row] = await s.platform.database.db
      .select()
      .from(sharingChannelInflow)
      .where(eq(sharingChannelInflow.contentId, contentId));
    expect(row?.count).toBe(1);
    expect(await views(owner, contentId)).toBe(1);
    // Made private, the content takes no channel inflow.
    await s.call(contentUpdateCall, { content_id: contentId, is_public: false }, { token: owner.token });
    const refused = await s.call(
      visitChannelInflowCall,
      { user_contents_id: contentId, user_channel_id: channelId },
      { ip: uniqueIp() },
    );
    expect(refused.body.status).toBe(false);
  });

  it("deletes a day's salt and its records 48 hours after it was made", async () => {
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId);
    await s.call(visitCountCall, { user_contents_id: contentId });
    const { db } = s.platform.database;
    const today = new Date(Date.now() + offset).toISOString().slice(0, 10);
    expect(
      await db.select().from(analyticsDailySalts).where(eq(analyticsDailySalts.day, today)),
    ).toHaveLength(1);

    // Three days on, the first visit of the day clears salts made more than 48 h before.
    offset += 3 * DAY;
    await s.call(visitCountCall, { user_contents_id: contentId });
    await vi.waitFor(async () => {
      const left = await db.select().from(analyticsDailySalts).where(eq(analyticsDailySalts.day, today));
      expect(left).toHaveLength(0);
      const records = await db.select().from(analyticsVisitorDays).where(eq(analyticsVisitorDays.day, today));
      expect(records).toHaveLength(0);
    });
  });
});
