/**
 * The analytics report through the real server (issue 11): rows from every surface land with
 * their owner; bots and malformed rows store nothing; uniques are daily; the salt goes after
 * 48 h; rollups equal a direct count over random raw rows and a second fold changes nothing;
 * another owner's data never appears; retention removes old raw rows and keeps the rollups; the
 * plan table decides which figures an owner sees.
 */
import {
  addOriginLogCall,
  CODES,
  LOG_FIXED_KEY,
  reportSummaryCall,
  type TReportSummary,
  type ZViewLog,
} from "@vitrine/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { z } from "zod";
import {
  analyticsDaily,
  analyticsDailySalts,
  analyticsRollupDays,
  contents,
  viewLogs,
} from "../../src/db/schema";
import { rowsOf } from "../../src/modules/analytics/aggregate";
import { addDays, dayIn, dayStart } from "../../src/modules/analytics/days";
import { partitionName } from "../../src/modules/analytics/partitions";
import { createRollups, SETTLE_MS } from "../../src/modules/analytics/rollup";
import { createVisitorDays } from "../../src/modules/analytics/visitor-hash";
import { testLogger } from "../support/config";
import { testDatabaseTargets } from "../support/databases";
import { uniqueIp } from "../support/factories";
import { startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

type TRow = z.input<typeof ZViewLog>;

const CHROME_WIN =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0";

function row(overrides: Partial<TRow>): TRow {
  return {
    key: LOG_FIXED_KEY,
    sessionId: `session-${crypto.randomUUID()}`,
    pageType: "share",
    contentType: "product",
    action: "view",
    path: "/share/x",
    metadata: {},
    ...overrides,
  };
}

const DAY = 86_400_000;

describe.each(targets)("analytics report on $name", (target) => {
  let s: TSharingServer;
  // The server's clock: tests move it a day on.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  let alice: TOwner;
  let bob: TOwner;
  let basic: TOwner;
  let lamp: string;
  let bobsLamp: string;

  beforeAll(async () => {
    s = await startSharingServer(target.env, { now });
    [alice, bob, basic] = await Promise.all([s.owner("advanced"), s.owner("advanced"), s.owner("basic")]);
    lamp = await s.content(alice.userId, { title: "Desk lamp" });
    bobsLamp = await s.content(bob.userId, { title: "Bob's lamp" });
    await s.platform.database.db
      .update(contents)
      .set({
        build: {
          annotationinfo: [
            {
              annotation_id: "ann_1",
              title: "Switch",
              content: "",
              images: [],
              videos: [],
              position: { posx: 0, posy: 0, posz: 0, number: 1 },
            },
          ],
          animationinfo: [
            { animation_id: "step_1", title: "Open", content: "", match_aniname: "open", images: [] },
          ],
          materialinfo: [],
          sceneinfo: {},
        } as never,
      })
      .where(eq(contents.id, lamp));
  });
  afterAll(() => s?.shutdown());

  /** Sends rows as one visitor (IP and user agent). */
  async function send(payload: TRow | { rows: TRow[] }, visitor: { ip: string; ua: string }) {
    return s.server.post(addOriginLogCall.path, await s.server.envelope.wrap(payload), {
      "x-forwarded-for": visitor.ip,
      "user-agent": visitor.ua,
    });
  }
  async function report(owner: TOwner, input: Record<string, unknown>) {
    const res = await s.call(reportSummaryCall, input as never, { token: owner.token });
    return res.body as { status: boolean; rescode: number; data: TReportSummary };
  }
  const today = () => dayIn(now(), "UTC");
  async function stored(where: ReturnType<typeof sql>) {
    const [r] = rowsOf<{ n: number }>(
      await s.platform.database.db.execute(sql`select count(*)::int as n from ${viewLogs} v where ${where}`),
    );
    return r?.n ?? 0;
  }

  it("lands rows from every surface with their owner, parsed, and only the owner sees them", async () => {
    const visitor = { ip: uniqueIp(), ua: SAFARI_IPHONE };
    const res = await send(
      {
        rows: [
          row({ contentOwnerId: alice.userId, contentId: lamp, pageType: "share", path: "/share/abc" }),
          row({
            contentOwnerId: alice.userId,
            contentId: lamp,
            pageType: "embed",
            path: "/embed",
            referrer: "https://blog.example.org/post",
          }),
          row({
            contentOwnerId: alice.userId,
            contentId: "channel_a",
            contentType: "channel",
            pageType: "channel",
            path: "/Channel/channel_a",
            referrer: "https://www.google.com/",
          }),
          row({
            contentOwnerId: alice.userId,
            contentId: lamp,
            pageType: "channel",
            path: `/Channel/channel_a/content/${lamp}`,
            referrer: "https://vitrine.example/Channel/channel_a",
          }),
          row({
            contentOwnerId: alice.userId,
            contentId: "booth_1",
            contentType: "booth",
            pageType: "showroom",
          }),
          row({
            contentOwnerId: alice.userId,
            contentId: "match_form",
            contentType: "match",
            pageType: "match",
          }),
          row({ contentOwnerId: alice.userId, contentId: lamp, action: "annotation_open", detail: "ann_1" }),
          row({ contentOwnerId: alice.userId, contentId: lamp, action: "motion_step", detail: "1" }),
          row({ contentOwnerId: alice.userId, contentId: lamp, action: "experience", duration: 40 }),
          row({
            contentOwnerId: alice.userId,
            contentId: lamp,
            contentType: "home",
            action: "view_end",
            duration: 30,
          }),
        ],
      },
      visitor,
    );
    expect(res.json).toMatchObject({ status: true, data: { accepted: true } });
    const got = await report(alice, { from: today(), to: today() });
    expect(got.status).toBe(true);
    const r = got.data;
    expect(r).toMatchObject({
      visits: 6,
      experiences: 1,
      uniques: 1,
      avg_seconds: 30,
      avg_experience_seconds: 40,
      realtime: 1,
    });
    expect(r.by_type).toEqual(
      expect.arrayContaining([
        { key: "product", visits: 3, uniques: 1 },
        { key: "channel", visits: 1, uniques: 1 },
        { key: "booth", visits: 1, uniques: 1 },
        { key: "match", visits: 1, uniques: 1 },
      ]),
    );
    expect(r.by_device).toEqual([{ key: "phone", visits: 6, uniques: 1 }]);
    expect(r.by_browser).toEqual([{ key: "Safari", visits: 6, uniques: 1 }]);
    expect(r.by_os).toEqual([{ key: "iOS", visits: 6, uniques: 1 }]);
    expect(Object.fromEntries((r.by_inflow ?? []).map((i) => [i.key, i.visits]))).toEqual({
      direct: 3,
      "embed:blog.example.org": 1,
      "search:google": 1,
      "vitrine:channel": 1,
    });
    expect(r.top[0]).toMatchObject({
      type: "product",
      id: lamp,
      name: "Desk lamp",
      visits: 3,
      experiences: 1,
    });
    expect(r.daily).toEqual([{ day: today(), visits: 6, experiences: 1, uniques: 1 }]);

    // The content's own report ranks its annotations and motion steps, with their names.
    const one = await report(alice, { from: today(), to: today(), content_id: lamp });
    expect(one.data).toMatchObject({
      visits: 3,
      annotations: [{ id: "ann_1", name: "Switch", count: 1 }],
      motion_steps: [{ id: "1", name: "Open", count: 1 }],
    });
    // A breakdown row filters the whole report.
    const viaEmbed = await report(alice, {
      from: today(),
      to: today(),
      filter: { dim: "inflow", key: "embed:blog.example.org" },
    });
    expect(viaEmbed.data).toMatchObject({ visits: 1, uniques: 1 });

    // Another owner sees none of it, and asking for Alice's content answers not found.
    const theirs = await report(bob, { from: today(), to: today() });
    expect(theirs.data).toMatchObject({ visits: 0, experiences: 0, uniques: 0, top: [], realtime: 0 });
    const peek = await report(bob, { from: today(), to: today(), content_id: lamp });
    expect(peek.rescode).toBe(CODES.notFound.rescode);
    const own = await report(bob, { from: today(), to: today(), content_id: bobsLamp });
    expect(own.data.visits).toBe(0);
  });

  it("drops bots and refuses malformed rows, storing nothing", async () => {
    const session = `bot-${crypto.randomUUID()}`;
    const bot = await send(row({ sessionId: session, contentOwnerId: alice.userId, contentId: lamp }), {
      ip: uniqueIp(),
      ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    expect(bot.json).toMatchObject({ status: true });
    const headless = await send(row({ sessionId: session, contentOwnerId: alice.userId }), {
      ip: uniqueIp(),
      ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36",
    });
    expect(headless.json).toMatchObject({ status: true });
    const visitor = { ip: uniqueIp(), ua: CHROME_WIN };
    const tooMany = await send(
      { rows: Array.from({ length: 51 }, () => row({ sessionId: session })) },
      visitor,
    );
    expect(tooMany.status).toBe(400);
    const oneBad = await send(
      { rows: [row({ sessionId: session }), row({ sessionId: session, action: "view_end" })] },
      visitor,
    );
    expect(oneBad.json).toMatchObject({ status: false, rescode: CODES.validation.rescode });
    const badType = await send(row({ sessionId: session, contentType: "spaceship" as never }), visitor);
    expect(badType.json).toMatchObject({
      status: false,
      rescode: CODES.validation.rescode,
      data: { fields: { contentType: expect.any(String) } },
    });
    const noDetail = await send(row({ sessionId: session, action: "annotation_open" }), visitor);
    expect(noDetail.json).toMatchObject({ data: { fields: { detail: expect.any(String) } } });
    expect(await stored(sql`v.session_id = ${session}`)).toBe(0);
  });

  it("keeps no IP, user agent or referrer, and counts a visitor once a day, twice on two days", async () => {
    const visitor = { ip: uniqueIp(), ua: FIREFOX_LINUX };
    const owner = await s.owner("advanced");
    const content = await s.content(owner.userId);
    const view = () =>
      send(row({ contentOwnerId: owner.userId, contentId: content, referrer: "https://t.co/x" }), visitor);
    await view();
    await view();
    const first = today();
    expect((await report(owner, { from: first, to: first })).data).toMatchObject({ visits: 2, uniques: 1 });
    const [kept] = await s.platform.database.db
      .select()
      .from(viewLogs)
      .where(eq(viewLogs.contentOwnerId, owner.userId))
      .limit(1);
    const text = JSON.stringify(kept);
    expect(text).not.toContain(visitor.ip);
    expect(text).not.toContain("Gecko");
    expect(text).not.toContain("t.co/x");
    expect(kept).toMatchObject({ browser: "Firefox", os: "Linux", device: "desktop", inflow: "social:x" });

    offset = DAY;
    try {
      await view();
      const second = today();
      const both = await report(owner, { from: first, to: second });
      expect(both.data).toMatchObject({ visits: 3, uniques: 2 });
      expect(both.data.daily.map((d) => d.uniques)).toEqual([1, 1]);
    } finally {
      offset = 0;
    }
  });

  it("deletes a day's salt 48 hours after it was made", async () => {
    const db = s.platform.database.db;
    const day = dayIn(now(), "UTC");
    await send(row({ contentOwnerId: alice.userId, contentId: lamp }), { ip: uniqueIp(), ua: CHROME_WIN });
    expect(await db.select().from(analyticsDailySalts).where(eq(analyticsDailySalts.day, day))).toHaveLength(
      1,
    );
    const later = createVisitorDays(db, {
      now: () => new Date(Date.now() + 47 * 3_600_000),
      logger: testLogger(),
    });
    await later.prune();
    expect(await db.select().from(analyticsDailySalts).where(eq(analyticsDailySalts.day, day))).toHaveLength(
      1,
    );
    const after = createVisitorDays(db, {
      now: () => new Date(Date.now() + 48 * 3_600_000 + 60_000),
      logger: testLogger(),
    });
    await after.prune();
    expect(await db.select().from(analyticsDailySalts).where(eq(analyticsDailySalts.day, day))).toHaveLength(
      0,
    );
  });

  it("folds random raw rows into rollups equal to a direct count; a second fold changes nothing", async () => {
    const db = s.platform.database.db;
    const owner = await s.owner("advanced");
    const other = await s.owner("advanced");
    // 12 days ending 3 days ago, in a month that has its own partition or the default one.
    const base = Date.UTC(2026, 2, 1); // March 2026: far from today's rows
    const browsers = ["Chrome", "Safari", "Firefox"];
    const devices = ["desktop", "phone", "tablet"] as const;
    const actions = ["view", "view", "view", "view_end", "experience", "annotation_open"];
    // mulberry32: a small seeded generator, so a failure can be replayed.
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
    };
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const action = actions[rand(actions.length)] as string;
      return {
        id: `log_rand_${i}_${crypto.randomUUID()}`,
        createdAt: new Date(base + rand(12 * DAY)),
        contentOwnerId: rand(3) === 0 ? other.userId : owner.userId,
        contentType: ["product", "channel", "booth"][rand(3)] as string,
        contentId: `c${rand(5)}`,
        pageType: "share",
        action,
        path: "/x",
        sessionId: "s",
        visitorHash: `h${rand(40)}`,
        browser: browsers[rand(3)] as string,
        os: "Windows",
        device: devices[rand(3)] as (typeof devices)[number],
        inflow: ["direct", "search:google", "site:a.example"][rand(3)] as string,
        duration: action === "view_end" || action === "experience" ? rand(100) : null,
        detail: action === "annotation_open" ? `ann_${rand(4)}` : "",
      };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(viewLogs).values(rows.slice(i, i + 500));
    const from = "2026-03-01";
    const to = "2026-03-12";
    // Before any fold the report reads raw rows; remember what it said.
    const before = (await report(owner, { from, to })).data;

    const rollups = createRollups(db, {
      now: () => new Date(Date.UTC(2026, 2, 20)),
      zones: ["UTC", "Asia/Seoul"],
      retentionDays: 3650,
      logger: testLogger(),
    });
    for (let d = 0; d < 13; d++) {
      const day = new Date(base + d * DAY).toISOString().slice(0, 10);
      await rollups.foldDay("UTC", day);
      await rollups.foldDay("Asia/Seoul", day);
    }
    await rollups.foldDay("Asia/Seoul", "2026-02-28");
    const after = (await report(owner, { from, to })).data;
    expect(after).toEqual(before);

    // A direct count over the raw rows.
    const mine = rows.filter((r) => r.contentOwnerId === owner.userId);
    const views = mine.filter((r) => r.action === "view");
    const perDay = new Map<string, { visits: number; hashes: Set<string> }>();
    for (const r of views) {
      const day = r.createdAt.toISOString().slice(0, 10);
      const got = perDay.get(day) ?? { visits: 0, hashes: new Set<string>() };
      got.visits += 1;
      got.hashes.add(r.visitorHash);
      perDay.set(day, got);
    }
    expect(after.visits).toBe(views.length);
    expect(after.experiences).toBe(mine.filter((r) => r.action === "experience").length);
    expect(after.uniques).toBe([...perDay.values()].reduce((n, d) => n + d.hashes.size, 0));
    expect(after.daily.map((d) => d.visits)).toEqual(after.daily.map((d) => perDay.get(d.day)?.visits ?? 0));
    const chrome = views.filter((r) => r.browser === "Chrome");
    expect(after.by_browser?.find((b) => b.key === "Chrome")?.visits).toBe(chrome.length);
    const ended = mine.filter((r) => r.action === "view_end");
    const avg = ended.reduce((n, r) => n + (r.duration ?? 0), 0) / ended.length;
    expect(after.avg_seconds).toBeCloseTo(avg, 1);
    // Time in content experiences: folded days and the raw count agree.
    const experienced = mine.filter((r) => r.action === "experience");
    const avgExperience = experienced.reduce((n, r) => n + (r.duration ?? 0), 0) / experienced.length;
    expect(after.avg_experience_seconds).toBeCloseTo(avgExperience, 1);
    const c0 = views.filter((r) => r.contentType === "product" && r.contentId === "c0");
    // c0 is not a content of the owner's: the report of it answers not found.
    expect((await report(owner, { from, to, content_id: "c0" })).rescode).toBe(CODES.notFound.rescode);
    expect(after.top.find((t) => t.type === "product" && t.id === "c0")?.visits).toBe(c0.length);
    // In Korean time the same rows fall on other days, none lost.
    const kst = (await report(owner, { from: "2026-02-28", to: "2026-03-13", zone: "Asia/Seoul" })).data;
    expect(kst.visits).toBe(views.length);

    // Folding again (forced) changes nothing.
    const snapshot = async () =>
      db
        .select()
        .from(analyticsDaily)
        .where(eq(analyticsDaily.ownerId, owner.userId))
        .orderBy(
          analyticsDaily.zone,
          analyticsDaily.scope,
          analyticsDaily.day,
          analyticsDaily.dim,
          analyticsDaily.key,
        );
    const once = await snapshot();
    expect(once.length).toBeGreaterThan(0);
    for (let d = 0; d < 12; d++) {
      await rollups.foldDay("UTC", new Date(base + d * DAY).toISOString().slice(0, 10), { force: true });
    }
    await rollups.run();
    expect(await snapshot()).toEqual(once);

    // Retention: raw rows older than the limit go (a whole old partition too), rollups stay.
    const old = createRollups(db, {
      now: () => new Date(Date.UTC(2026, 2, 20)),
      zones: ["UTC"],
      retentionDays: 90,
      logger: testLogger(),
    });
    const ancient = new Date(Date.UTC(2025, 5, 10));
    await db.execute(
      sql.raw(
        `create table if not exists "${partitionName(2025, 6)}" partition of "view_logs" for values from ('2025-06-01 00:00:00+00') to ('2025-07-01 00:00:00+00')`,
      ),
    );
    await db.insert(viewLogs).values({ ...rows[0], id: "log_ancient", createdAt: ancient } as never);
    await db
      .insert(viewLogs)
      .values({ ...rows[0], id: "log_old_default", createdAt: new Date(Date.UTC(2025, 10, 1)) } as never);
    await old.retain();
    expect(await stored(sql`v.created_at < '2025-12-20'`)).toBe(0);
    const [partition] = rowsOf(
      await db.execute(sql`select 1 from pg_class where relname = ${partitionName(2025, 6)}`),
    );
    expect(partition).toBeUndefined();
    expect(await stored(sql`v.content_owner_id = ${owner.userId}`)).toBe(mine.length);
    expect(await snapshot()).toEqual(once);
    await db.execute(sql`delete from ${viewLogs} where id like 'log_rand_%'`);
    // Raw rows gone, the folded days still answer from rollups.
    expect((await report(owner, { from, to })).data.visits).toBe(views.length);
  });

  it("removes raw rows past the retention and keeps their days' rollups, which the report still shows", async () => {
    const db = s.platform.database.db;
    const owner = await s.owner("advanced");
    const content = await s.content(owner.userId, { title: "Old lamp" });
    const retentionDays = s.platform.config.logRetentionDays;
    const viewAt = async (daysAgo: number, visitors: number) => {
      offset = -daysAgo * DAY;
      try {
        for (let i = 0; i < visitors; i++) {
          const res = await send(row({ contentOwnerId: owner.userId, contentId: content }), {
            ip: uniqueIp(),
            ua: CHROME_WIN,
          });
          expect(res.json).toMatchObject({ status: true });
        }
        return today();
      } finally {
        offset = 0;
      }
    };
    const oldDay = await viewAt(retentionDays + 10, 2);
    const recentDay = await viewAt(10, 1);
    // The job folded each day when it ended.
    const rollups = createRollups(db, {
      now: () => new Date(),
      zones: ["UTC"],
      retentionDays,
      logger: testLogger(),
    });
    await rollups.foldDay("UTC", oldDay);
    await rollups.foldDay("UTC", recentDay);
    const mine = sql`v.content_owner_id = ${owner.userId}`;
    expect(await stored(mine)).toBe(3);

    expect(await rollups.retain()).toBeGreaterThanOrEqual(2);
    // The old day's raw rows are gone, the recent one's stay.
    expect(
      await stored(
        sql`${mine} and v.created_at < ${dayStart(addDays(oldDay, 1), "UTC").toISOString()}::timestamptz`,
      ),
    ).toBe(0);
    expect(await stored(mine)).toBe(1);
    // Both days still answer, from their rollups.
    const old = (await report(owner, { from: oldDay, to: oldDay })).data;
    expect(old).toMatchObject({ visits: 2, uniques: 2, daily: [{ day: oldDay, visits: 2, uniques: 2 }] });
    expect(old.top).toEqual([expect.objectContaining({ id: content, name: "Old lamp", visits: 2 })]);
    expect((await report(owner, { from: recentDay, to: recentDay })).data).toMatchObject({
      visits: 1,
      uniques: 1,
    });
  });

  it("counts the running day's rows after its fold exactly once, visitors before it not again", async () => {
    const db = s.platform.database.db;
    const owner = await s.owner("advanced");
    const content = await s.content(owner.userId, { title: "Chair" });
    const a = { ip: uniqueIp(), ua: CHROME_WIN };
    const b = { ip: uniqueIp(), ua: SAFARI_IPHONE };
    const c = { ip: uniqueIp(), ua: FIREFOX_LINUX };
    const view = (visitor: { ip: string; ua: string }) =>
      send(row({ contentOwnerId: owner.userId, contentId: content }), visitor);
    // The job, run as if now were the moment the test calls it: its mark is that moment.
    const job = () =>
      createRollups(db, {
        now: () => new Date(Date.now() + SETTLE_MS),
        zones: ["UTC"],
        retentionDays: 2,
        logger: testLogger(),
      }).run();
    const day = today();
    onTestFinished(async () => {
      // Today is the other tests' running day again: no rollups of it, as before.
      await db.execute(sql`delete from ${analyticsDaily} where zone = 'UTC' and day = ${day}::date`);
      await db.execute(sql`delete from ${analyticsRollupDays} where zone = 'UTC' and day = ${day}::date`);
    });
    const totals = async () =>
      db
        .select({ visits: analyticsDaily.visits, uniques: analyticsDaily.uniques })
        .from(analyticsDaily)
        .where(
          and(
            eq(analyticsDaily.zone, "UTC"),
            eq(analyticsDaily.ownerId, owner.userId),
            eq(analyticsDaily.scope, ""),
            eq(analyticsDaily.day, day),
            eq(analyticsDaily.dim, "total"),
          ),
        );

    await view(a);
    await view(a);
    await view(b);
    await job();
    // The running day is folded up to the mark: its rollup holds the three views, two visitors.
    expect(await totals()).toEqual([{ visits: 3, uniques: 2 }]);
    const [marker] = await db
      .select()
      .from(analyticsRollupDays)
      .where(and(eq(analyticsRollupDays.zone, "UTC"), eq(analyticsRollupDays.day, day)));
    expect(marker?.foldedUntil).toBeInstanceOf(Date);

    // After the mark: A again (already counted) and C (new).
    await new Promise((r) => setTimeout(r, 5));
    await view(a);
    await view(c);
    const expected = {
      visits: 5,
      uniques: 3,
      daily: [{ day, visits: 5, experiences: 0, uniques: 3 }],
      by_browser: [
        { key: "Chrome", visits: 3, uniques: 1 },
        { key: "Firefox", visits: 1, uniques: 1 },
        { key: "Safari", visits: 1, uniques: 1 },
      ],
    };
    const mixed = (await report(owner, { from: day, to: day })).data;
    expect(mixed).toMatchObject(expected);
    // The content's own report too (its own scope's rollup and tail).
    expect((await report(owner, { from: day, to: day, content_id: content })).data).toMatchObject({
      visits: 5,
      uniques: 3,
    });
    // The same as counting the raw rows (a filtered report reads only raw rows).
    const direct = (
      await report(owner, { from: day, to: day, filter: { dim: "content_type", key: "product" } })
    ).data;
    expect(direct).toMatchObject({ visits: 5, uniques: 3 });

    // The next run adds only the rows since the mark, and A is not counted unique twice.
    await job();
    expect(await totals()).toEqual([{ visits: 5, uniques: 3 }]);
    expect((await report(owner, { from: day, to: day })).data).toMatchObject(expected);
    // Run again with nothing new: nothing changes.
    await job();
    expect(await totals()).toEqual([{ visits: 5, uniques: 3 }]);
    // Folding the whole day later replaces the running rollup with the same figures.
    await createRollups(db, {
      now: () => new Date(dayStart(day, "UTC").getTime() + DAY + SETTLE_MS + 1000),
      zones: ["UTC"],
      retentionDays: 3,
      logger: testLogger(),
    }).foldDay("UTC", day);
    expect(await totals()).toEqual([{ visits: 5, uniques: 3 }]);
    const [whole] = await db
      .select()
      .from(analyticsRollupDays)
      .where(and(eq(analyticsRollupDays.zone, "UTC"), eq(analyticsRollupDays.day, day)));
    expect(whole?.foldedUntil).toBeNull();
    expect((await report(owner, { from: day, to: day })).data).toMatchObject(expected);
  });

  it("shows what the owner's plan includes and names the rest", async () => {
    const standard = await s.owner("standard");
    const visit = async (owner: TOwner, content: string) => {
      const rows = (ua: string, referrer: string) =>
        send(
          {
            rows: [
              row({ contentOwnerId: owner.userId, contentId: content, referrer }),
              row({ contentOwnerId: owner.userId, contentId: content, action: "experience", duration: 20 }),
              row({
                contentOwnerId: owner.userId,
                contentId: content,
                action: "annotation_open",
                detail: "a1",
              }),
            ],
          },
          { ip: uniqueIp(), ua },
        );
      await rows(CHROME_WIN, "https://www.google.com/");
      await rows(SAFARI_IPHONE, "");
    };
    const basicContent = await s.content(basic.userId, { title: "Basic stool" });
    const standardContent = await s.content(standard.userId, { title: "Standard stool" });
    await visit(basic, basicContent);
    await visit(standard, standardContent);
    const day = today();

    // Basic: visits and content experiences, nothing else.
    const r = (await report(basic, { from: day, to: day })).data;
    expect(r.locked).toEqual(["unique_visitors", "by_content_type", "browser_device", "inflow_path"]);
    expect(r).toMatchObject({
      visits: 2,
      experiences: 2,
      avg_experience_seconds: 20,
      uniques: null,
      previous: { visits: 0, experiences: 0, uniques: null },
      by_type: null,
      by_browser: null,
      by_device: null,
      by_os: null,
      by_inflow: null,
      daily: [{ day, visits: 2, experiences: 2, uniques: null }],
    });
    // Its contents are listed by visits, without their unique visitors.
    expect(r.top).toEqual([
      { type: "product", id: basicContent, name: "Basic stool", visits: 2, experiences: 2, uniques: 0 },
    ]);
    // No breakdown filter of a hidden figure: each answers the plan limit it needs.
    for (const [dim, limit] of [
      ["browser", "browser_device"],
      ["device", "browser_device"],
      ["os", "browser_device"],
      ["content_type", "by_content_type"],
      ["inflow", "inflow_path"],
    ] as const) {
      const filtered = await report(basic, { from: day, to: day, filter: { dim, key: "x" } });
      expect(filtered).toMatchObject({
        rescode: CODES.planLimit.rescode,
        data: { limit: `analytics.${limit}` },
      });
    }

    // Standard: uniques, content types, browsers and devices too; inflow paths still locked.
    const std = (await report(standard, { from: day, to: day })).data;
    expect(std.locked).toEqual(["inflow_path"]);
    expect(std).toMatchObject({
      visits: 2,
      uniques: 2,
      by_type: [{ key: "product", visits: 2, uniques: 2 }],
      by_device: [
        { key: "desktop", visits: 1, uniques: 1 },
        { key: "phone", visits: 1, uniques: 1 },
      ],
      by_inflow: null,
    });
    const chrome = await report(standard, { from: day, to: day, filter: { dim: "browser", key: "Chrome" } });
    expect(chrome.data).toMatchObject({ visits: 1, uniques: 1 });
    const viaSearch = await report(standard, {
      from: day,
      to: day,
      filter: { dim: "inflow", key: "search:google" },
    });
    expect(viaSearch).toMatchObject({
      rescode: CODES.planLimit.rescode,
      data: { limit: "analytics.inflow_path" },
    });
  });

  it("refuses a range backwards or over 400 days", async () => {
    expect((await report(alice, { from: "2026-03-02", to: "2026-03-01" })).rescode).toBe(
      CODES.validation.rescode,
    );
    expect((await report(alice, { from: "2024-01-01", to: "2026-03-01" })).rescode).toBe(
      CODES.validation.rescode,
    );
  });
});
