/**
 * Share links as visitors meet them, through the real server: what a link resolves to and the
 * branding around it, the password gate (cookie per link, limited tries), the monthly access
 * limit, view counting once a day per visitor, channel inflow, and link previews (Open Graph
 * tags in the page, oEmbed) that show nothing of protected links and count no access.
 */
import { rm } from "node:fs/promises";
import {
  CODES,
  channelCreateCall,
  contentDetailCall,
  shareLinkCreateCall,
  shareLinkListCall,
  shareLinkResolveCall,
  shareLinkUnlockCall,
  type TShareLinkDoc,
  visitChannelInflowCall,
  visitCountCall,
} from "@vitrine/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shareLinkMonthAccess, sharingChannelInflow } from "../../src/db/schema/sharing";
import { testDatabaseTargets } from "../support/databases";
import { uniqueIp } from "../support/factories";
import { createWebDist } from "./harness";
import { PUBLIC_URL, startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("share links for visitors on $name", (target) => {
  let s: TSharingServer;
  let web: ReturnType<typeof createWebDist>;

  beforeAll(async () => {
    web = createWebDist();
    s = await startSharingServer(target.env, { webDistDir: web.dir });
  });
  afterAll(async () => {
    await s?.shutdown();
    if (web) await rm(web.dir, { recursive: true, force: true });
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

  async function views(owner: TOwner, contentId: string): Promise<number> {
    const res = await s.call(contentDetailCall, { content_id: contentId }, { token: owner.token });
    if (!res.body.status) throw new Error("detail failed");
    return res.body.data.doc.views;
  }

  async function monthAccess(owner: TOwner, contentId: string, url: string): Promise<number | undefined> {
    const res = await s.call(shareLinkListCall, { content_id: contentId }, { token: owner.token });
    if (!res.body.status) throw new Error("list failed");
    return res.body.data.docs.find((d) => d.sharelink_url === url)?.month_access;
  }

  it("answers the content, its optimised model and the owner's branding; counts each access", async () => {
    const basic = await s.owner("basic");
    const contentId = await s.content(basic.userId, { title: "Desk lamp", withThumbnail: true });
    const doc = await link(basic, contentId);
    const res = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    expect(res.body.status).toBe(true);
    if (!res.body.status) return;
    const shared = res.body.data.doc;
    expect(shared.kind).toBe("content");
    if (shared.kind !== "content") return;
    expect(shared.content).toMatchObject({
      content_id: contentId,
      title: "Desk lamp",
      dimensions: [0.3, 0.5, 0.3],
    });
    expect(shared.content.model_url).toMatch(/^\/blobs\/[0-9a-f]{64}\.glb$/);
    expect(shared.branding).toEqual({ show_logo: true, show_ads: true });
    await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    expect(await monthAccess(basic, contentId, doc.sharelink_url)).toBe(2);

    const advanced = await s.owner("advanced");
    const theirs = await link(advanced, await s.content(advanced.userId));
    const branded = await s.call(shareLinkResolveCall, { sharelink_url: theirs.sharelink_url });
    expect(branded.body.status && branded.body.data.doc.branding).toEqual({
      show_logo: false,
      show_ads: false,
    });

    const unknown = await s.call(shareLinkResolveCall, { sharelink_url: "A".repeat(32) });
    expect(unknown.body.rescode).toBe(CODES.notFound.rescode);
    const malformed = await s.call(shareLinkResolveCall, { sharelink_url: "short" });
    expect(malformed.body.rescode).toBe(CODES.validation.rescode);
  });

  it("names who shared it by the owner's channel, linked (never the e-mail ID); a password link only after unlock", async () => {
    const owner = await s.owner("standard");
    const local = owner.emailId.split("@")[0] ?? "";
    const contentId = await s.content(owner.userId, { title: "Desk lamp" });
    const open = await link(owner, contentId);
    const before = await s.call(shareLinkResolveCall, { sharelink_url: open.sharelink_url });
    // No channel yet: no public name at all (the sign-in name is never published).
    expect(before.body.status && before.body.data.doc.publisher).toEqual({
      owner_id: owner.userId,
      name: "",
      href: null,
    });
    expect(JSON.stringify(before.body)).not.toContain(owner.emailId);

    const created = await s.call(channelCreateCall, { channel_name: "Aurora Lamps" }, { token: owner.token });
    if (!created.body.status) throw new Error("channel not created");
    const channelId = created.body.data.doc.user_channel_id;
    // A second link: the first link's resolve may be cached for up to 30 s.
    const second = await link(owner, contentId);
    const res = await s.call(shareLinkResolveCall, { sharelink_url: second.sharelink_url });
    expect(res.body.status && res.body.data.doc.publisher).toEqual({
      owner_id: owner.userId,
      name: "Aurora Lamps",
      href: `/Channel/${channelId}`,
    });
    expect(JSON.stringify(res.body)).not.toContain(`"${local}"`);

    const locked = await link(owner, contentId, "opensesame");
    const refused = await s.call(shareLinkResolveCall, { sharelink_url: locked.sharelink_url });
    expect(refused.body.rescode).toBe(CODES.sharePasswordRequired.rescode);
    expect(JSON.stringify(refused.body)).not.toContain(local);
    expect(JSON.stringify(refused.body)).not.toContain(owner.userId);
  });

  it("opens a password link only with its cookie, which opens no other link", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId, { title: "Prototype X" });
    const a = await link(owner, contentId, "opensesame");
    const b = await link(owner, contentId, "opensesame");

    const locked = await s.call(shareLinkResolveCall, { sharelink_url: a.sharelink_url });
    expect(locked.body.rescode).toBe(CODES.sharePasswordRequired.rescode);
    expect(JSON.stringify(locked.body)).not.toContain("Prototype X");
    // A refused visitor is not counted.
    expect(await monthAccess(owner, contentId, a.sharelink_url)).toBe(0);

    const wrong = await s.call(shareLinkUnlockCall, { sharelink_url: a.sharelink_url, password: "guessing" });
    expect(wrong.body.rescode).toBe(CODES.sharePasswordWrong.rescode);
    expect(Object.keys(wrong.cookies)).toEqual([]);

    const right = await s.call(shareLinkUnlockCall, {
      sharelink_url: a.sharelink_url,
      password: "opensesame",
    });
    expect(right.body.status).toBe(true);
    const name = `vt_sl_${a.sharelink_url.slice(0, 12)}`;
    const cookie = right.cookies[name];
    expect(cookie?.attributes).toMatchObject({
      path: "/api/",
      "max-age": "7200",
      httponly: true,
      secure: true,
      samesite: "None",
    });
    const value = cookie?.value ?? "";
    const open = await s.call(
      shareLinkResolveCall,
      { sharelink_url: a.sharelink_url },
      { cookies: { [name]: value } },
    );
    expect(open.body.status && open.body.data.doc.kind).toBe("content");

    // Link A's cookie, under A's name or under B's, does not open B.
    const nameB = `vt_sl_${b.sharelink_url.slice(0, 12)}`;
    for (const cookies of [{ [name]: value }, { [nameB]: value }]) {
      const other = await s.call(shareLinkResolveCall, { sharelink_url: b.sharelink_url }, { cookies });
      expect(other.body.rescode).toBe(CODES.sharePasswordRequired.rescode);
    }
    // A forged or altered token opens nothing.
    const forged = `${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    const tampered = await s.call(
      shareLinkResolveCall,
      { sharelink_url: a.sharelink_url },
      { cookies: { [name]: forged } },
    );
    expect(tampered.body.rescode).toBe(CODES.sharePasswordRequired.rescode);
  });

  it("stops password tries after five wrong ones from the same address, per link", async () => {
    const owner = await s.owner("standard");
    const doc = await link(owner, await s.content(owner.userId), "opensesame");
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const res = await s.call(
        shareLinkUnlockCall,
        { sharelink_url: doc.sharelink_url, password: `nope${i}` },
        { ip },
      );
      expect(res.body.rescode, `try ${i + 1}`).toBe(CODES.sharePasswordWrong.rescode);
    }
    const blocked = await s.call(
      shareLinkUnlockCall,
      { sharelink_url: doc.sharelink_url, password: "opensesame" },
      { ip },
    );
    expect(blocked.body.rescode).toBe(CODES.rateLimited.rescode);
    expect(Object.keys(blocked.cookies)).toEqual([]);
    // Another address still gets in.
    const elsewhere = await s.call(shareLinkUnlockCall, {
      sharelink_url: doc.sharelink_url,
      password: "opensesame",
    });
    expect(elsewhere.body.status).toBe(true);
  });

  it("pauses a Basic link past 100 accesses in the month; Standard links have no limit", async () => {
    const basic = await s.owner("basic");
    const contentId = await s.content(basic.userId);
    const doc = await link(basic, contentId);
    const month = new Date().toISOString().slice(0, 7);
    const { db } = s.platform.database;
    await db.insert(shareLinkMonthAccess).values({ url: doc.sharelink_url, month, count: 98 });
    for (let i = 0; i < 2; i++) {
      const res = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
      expect(res.body.status, `access ${99 + i}`).toBe(true);
    }
    const paused = await s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url });
    expect(paused.body.rescode).toBe(CODES.shareLinkMonthlyLimit.rescode);
    expect(paused.http).toBe(403);
    expect(await monthAccess(basic, contentId, doc.sharelink_url)).toBe(100);
    // Last month's count does not hold this month's visitors back.
    const standard = await s.owner("standard");
    const unlimited = await link(standard, await s.content(standard.userId));
    await db.insert(shareLinkMonthAccess).values({ url: unlimited.sharelink_url, month, count: 50_000 });
    const fine = await s.call(shareLinkResolveCall, { sharelink_url: unlimited.sharelink_url });
    expect(fine.body.status).toBe(true);
    // Unlimited links are counted behind the answer (at most ACCESS_FLUSH_MS later).
    await vi.waitFor(async () => {
      const [row] = await db
        .select()
        .from(shareLinkMonthAccess)
        .where(
          and(eq(shareLinkMonthAccess.url, unlimited.sharelink_url), eq(shareLinkMonthAccess.month, month)),
        );
      expect(row?.count).toBe(50_001);
    });
  });

  it("lets exactly the accesses left in the month through when visitors come at once", async () => {
    const basic = await s.owner("basic");
    const contentId = await s.content(basic.userId);
    const doc = await link(basic, contentId);
    const month = new Date().toISOString().slice(0, 7);
    await s.platform.database.db
      .insert(shareLinkMonthAccess)
      .values({ url: doc.sharelink_url, month, count: 95 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => s.call(shareLinkResolveCall, { sharelink_url: doc.sharelink_url })),
    );
    expect(answers.filter((a) => a.body.status)).toHaveLength(5);
    expect(answers.filter((a) => a.body.rescode === CODES.shareLinkMonthlyLimit.rescode)).toHaveLength(5);
    expect(await monthAccess(basic, contentId, doc.sharelink_url)).toBe(100);
  });

  it("counts a view once a day per visitor", async () => {
    const owner = await s.owner("basic");
    const contentId = await s.content(owner.userId);
    expect(await views(owner, contentId)).toBe(0);
    const first = await s.call(visitCountCall, { user_contents_id: contentId });
    expect(first.body.status && first.body.data.counted).toBe(true);
    const cookie = first.cookies[`vt_vc_${contentId}`];
    expect(cookie?.attributes).toMatchObject({ "max-age": "86400", httponly: true, path: "/api/" });
    expect(await views(owner, contentId)).toBe(1);

    const again = await s.call(
      visitCountCall,
      { user_contents_id: contentId },
      { cookies: { [`vt_vc_${contentId}`]: cookie?.value ?? "" } },
    );
    expect(again.body.status && again.body.data.counted).toBe(false);
    expect(await views(owner, contentId)).toBe(1);
    // Another visitor (no cookie) counts.
    await s.call(visitCountCall, { user_contents_id: contentId });
    expect(await views(owner, contentId)).toBe(2);

    const processing = await s.content(owner.userId, { status: "processing" });
    const notReady = await s.call(visitCountCall, { user_contents_id: processing });
    expect(notReady.body.rescode).toBe(CODES.notFound.rescode);
    const unknown = await s.call(visitCountCall, { user_contents_id: "content_nope" });
    expect(unknown.body.rescode).toBe(CODES.notFound.rescode);
  });

  it("counts a channel's inflow for public contents only, once a day per visitor", async () => {
    const owner = await s.owner("standard");
    const created = await s.call(channelCreateCall, { channel_name: "Lamps" }, { token: owner.token });
    if (!created.body.status) throw new Error("channel create failed");
    const channelId = created.body.data.doc.user_channel_id;
    const hidden = await s.content(owner.userId, { isPublic: false });
    const refused = await s.call(visitChannelInflowCall, {
      user_contents_id: hidden,
      user_channel_id: channelId,
    });
    expect(refused.body.rescode).toBe(CODES.notFound.rescode);

    const shown = await s.content(owner.userId, { isPublic: true });
    const first = await s.call(visitChannelInflowCall, {
      user_contents_id: shown,
      user_channel_id: channelId,
    });
    expect(first.body.status && first.body.data.counted).toBe(true);
    const inflow = async () => {
      const [row] = await s.platform.database.db
        .select()
        .from(sharingChannelInflow)
        .where(and(eq(sharingChannelInflow.channelId, channelId), eq(sharingChannelInflow.contentId, shown)));
      return row?.count ?? 0;
    };
    expect(await inflow()).toBe(1);
    expect(await views(owner, shown)).toBe(1);
    const cookies = Object.fromEntries(Object.entries(first.cookies).map(([name, c]) => [name, c.value]));
    expect(Object.keys(cookies).sort()).toEqual([`vt_ci_${channelId}_${shown}`, `vt_vc_${shown}`]);

    const again = await s.call(
      visitChannelInflowCall,
      { user_contents_id: shown, user_channel_id: channelId },
      { cookies },
    );
    expect(again.body.status && again.body.data.counted).toBe(false);
    expect(await inflow()).toBe(1);
    // A visitor whose view was counted elsewhere today adds inflow, not a second view.
    const viewed = await s.call(
      visitChannelInflowCall,
      { user_contents_id: shown, user_channel_id: channelId },
      { cookies: { [`vt_vc_${shown}`]: "1" } },
    );
    expect(viewed.body.status && viewed.body.data.counted).toBe(true);
    expect(await inflow()).toBe(2);
    expect(await views(owner, shown)).toBe(1);
  });

  it("puts escaped Open Graph, Twitter and oEmbed tags in the share and embed pages without counting", async () => {
    const owner = await s.owner("standard");
    const title = `Lamp "Aurora" <b>&</b>`;
    const contentId = await s.content(owner.userId, { title, withThumbnail: true });
    const doc = await link(owner, contentId);
    const id = doc.sharelink_url;

    for (const path of [`/share/${id}`, `/embed?id=${id}`]) {
      const page = await s.get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const html = page.text;
      expect(html).toContain(
        `<meta property="og:title" content="Lamp &quot;Aurora&quot; &lt;b&gt;&amp;&lt;/b&gt;">`,
      );
      expect(html).not.toContain("<b>&</b>");
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/share/${id}">`);
      expect(html).toMatch(
        /<meta property="og:image" content="https:\/\/vitrine\.example\/blobs\/[0-9a-f]{64}\.png">/,
      );
      expect(html).toContain(`<meta name="twitter:card" content="summary_large_image">`);
      const oembedHref = `${PUBLIC_URL}/api/oembed?url=${encodeURIComponent(`${PUBLIC_URL}/share/${id}`)}&amp;format=json`;
      expect(html).toContain(`<link rel="alternate" type="application/json+oembed" href="${oembedHref}"`);
      expect(html).toContain('<div id="root"></div>');
      expect(html.match(/name="description"/g)).toHaveLength(1);
    }
    expect(await monthAccess(owner, contentId, id)).toBe(0);

    // Protected links: a generic title, no thumbnail, nothing of the content.
    const locked = await link(owner, contentId, "opensesame");
    const lockedPage = (await s.get(`/share/${locked.sharelink_url}`)).text;
    expect(lockedPage).toContain(`<meta property="og:title" content="A 3D model shared with Vitrine">`);
    expect(lockedPage).not.toContain("Aurora");
    expect(lockedPage).not.toContain("og:image");

    // Unknown links and other pages: the plain shell.
    for (const path of [`/share/${"Z".repeat(32)}`, "/share/not-a-link", "/", "/Studio/user/contents"]) {
      const plain = await s.get(path);
      expect(plain.status, path).toBe(200);
      expect(plain.text, path).not.toContain("og:title");
    }
  });

  it("answers oEmbed for share and embed URLs, honours the maximum size, hides protected links", async () => {
    const owner = await s.owner("standard");
    const contentId = await s.content(owner.userId, { title: `Chair <"oak">`, withThumbnail: true });
    const doc = await link(owner, contentId);
    const shareUrl = `${PUBLIC_URL}/share/${doc.sharelink_url}`;
    const res = await s.get(`/api/oembed?url=${encodeURIComponent(shareUrl)}&format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const oembed = JSON.parse(res.text) as Record<string, unknown>;
    expect(oembed).toMatchObject({
      version: "1.0",
      type: "rich",
      provider_name: "Vitrine",
      provider_url: PUBLIC_URL,
      title: `Chair <"oak">`,
      width: 800,
      height: 600,
      thumbnail_width: 64,
      thumbnail_height: 64,
    });
    expect(oembed.thumbnail_url).toMatch(/^https:\/\/vitrine\.example\/blobs\/[0-9a-f]{64}\.png$/);
    expect(oembed.html).toBe(
      `<iframe src="${PUBLIC_URL}/embed?id=${doc.sharelink_url}" width="800" height="600" title="Chair &lt;&quot;oak&quot;&gt;" style="border:0" loading="lazy" allow="fullscreen; xr-spatial-tracking" allowfullscreen></iframe>`,
    );

    const embedUrl = `${PUBLIC_URL}/embed?id=${doc.sharelink_url}`;
    const small = JSON.parse(
      (await s.get(`/api/oembed?url=${encodeURIComponent(embedUrl)}&maxwidth=400&maxheight=500`)).text,
    ) as Record<string, unknown>;
    expect(small).toMatchObject({ width: 400, height: 300 });
    expect(small.html).toContain('width="400" height="300"');

    const locked = await link(owner, contentId, "opensesame");
    const lockedRes = await s.get(
      `/api/oembed?url=${encodeURIComponent(`${PUBLIC_URL}/share/${locked.sharelink_url}`)}`,
    );
    const lockedOembed = JSON.parse(lockedRes.text) as Record<string, unknown>;
    expect(lockedOembed.title).toBe("A 3D model shared with Vitrine");
    expect(lockedOembed.thumbnail_url).toBeUndefined();
    expect(lockedRes.text).not.toContain("oak");

    for (const url of [
      `${PUBLIC_URL}/share/${"Z".repeat(32)}`,
      `https://elsewhere.example/share/${doc.sharelink_url}`,
      `${PUBLIC_URL}/Studio/user/contents`,
      "not a url",
    ]) {
      const missing = await s.get(`/api/oembed?url=${encodeURIComponent(url)}&format=json`);
      expect(missing.status, url).toBe(404);
    }
    expect((await s.get(`/api/oembed?url=${encodeURIComponent(shareUrl)}&format=xml`)).status).toBe(501);
    expect(await monthAccess(owner, contentId, doc.sharelink_url)).toBe(0);
  });
});
