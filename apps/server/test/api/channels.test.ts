/**
 * Channels through the real server: one channel per account, each field's bad input with its
 * message and nothing stored, another owner's channel untouchable, public vs private contents on
 * the public read, texts in the visitor's language, machine translation through a local DeepL
 * peer, channel views and inflow counted once a day per visitor, the feed, the showcase and
 * `/Reference`, the channel page's meta tags, and the channel going with its owner's account.
 */
import { rm } from "node:fs/promises";
import {
  CHANNEL_MESSAGES,
  CODES,
  channelAutoTranslateCall,
  channelContentCall,
  channelContentsCall,
  channelContentsUpdateCall,
  channelCreateCall,
  channelListCall,
  channelPublicCall,
  channelUpdateCall,
  channelVisitCall,
  contentUpdateCall,
  deleteAccountCall,
  feedCall,
  IMAGE_MAX_BYTES,
  MESSAGES,
  myChannelCall,
  type TChannelDoc,
  type TResponseEnvelope,
  visitChannelInflowCall,
} from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseTargets } from "../support/databases";
import { uniqueIp } from "../support/factories";
import { gradientPng } from "../support/models";
import { startDeeplPeer, type TTranslationPeer } from "../support/translation-peers";
import { createWebDist } from "./harness";
import { PUBLIC_URL, startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const DEEPL_KEY = "channels-test-key:fx";

/** The field messages of a validation answer. */
function fieldsOf(body: TResponseEnvelope<unknown>): Record<string, string> | undefined {
  return (body.data as { fields?: Record<string, string> } | undefined)?.fields;
}

describe.each(targets)("channels on $name", (target) => {
  let s: TSharingServer;
  let web: ReturnType<typeof createWebDist>;
  let deepl: TTranslationPeer;

  beforeAll(async () => {
    web = createWebDist();
    deepl = await startDeeplPeer(DEEPL_KEY);
    s = await startSharingServer(
      {
        ...target.env,
        TRANSLATION_PROVIDER: "deepl",
        DEEPL_AUTH_KEY: DEEPL_KEY,
        DEEPL_SERVER_URL: deepl.url,
      },
      { webDistDir: web.dir },
    );
  });
  afterAll(async () => {
    await s?.shutdown();
    await deepl?.close();
    if (web) await rm(web.dir, { recursive: true, force: true });
  });

  async function create(owner: TOwner, name = "Aurora Lamps"): Promise<TChannelDoc> {
    const res = await s.call(channelCreateCall, { channel_name: name }, { token: owner.token });
    if (!res.body.status) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
    return res.body.data.doc;
  }

  async function mine(owner: TOwner): Promise<TChannelDoc | null> {
    const res = await s.call(myChannelCall, {}, { token: owner.token });
    if (!res.body.status) throw new Error("my channel failed");
    return res.body.data.doc;
  }

  async function uploadImage(
    owner: TOwner,
    bytes: Uint8Array,
    filename: string,
    purpose = "channel_logo",
  ): Promise<TResponseEnvelope<{ url: string }>> {
    const form = new FormData();
    form.append("purpose", purpose);
    form.append("file", new Blob([new Uint8Array(bytes)]), filename);
    const res = await fetch(`${s.server.baseUrl}/api/upload/image`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "x-forwarded-for": uniqueIp() },
      body: form,
    });
    return (await res.json()) as TResponseEnvelope<{ url: string }>;
  }

  it("creates one channel per account with 'Channel created.'; a second is refused", async () => {
    const owner = await s.owner("basic");
    expect(await mine(owner)).toBeNull();
    const empty = await s.call(channelCreateCall, { channel_name: "   " }, { token: owner.token });
    expect(empty.body.rescode).toBe(CODES.validation.rescode);
    expect(fieldsOf(empty.body)).toEqual({
      channel_name: CHANNEL_MESSAGES.emptyName,
    });
    expect(await mine(owner)).toBeNull();

    const res = await s.call(channelCreateCall, { channel_name: " Aurora Lamps " }, { token: owner.token });
    expect(res.body).toMatchObject({ status: true, message: "Channel created." });
    if (!res.body.status) return;
    const doc = res.body.data.doc;
    expect(doc.user_channel_id).toMatch(
      /^channel_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(doc).toMatchObject({ channel_name: "Aurora Lamps", origin_lang: "en", views: 0 });

    const again = await s.call(channelCreateCall, { channel_name: "Second" }, { token: owner.token });
    expect(again.body.rescode).toBe(CODES.channelExists.rescode);
    expect(again.body.message).toBe("You already have a channel.");
    expect((await mine(owner))?.channel_name).toBe("Aurora Lamps");

    const visitor = await s.call(myChannelCall, {});
    expect(visitor.body.rescode).toBe(CODES.forbidden.rescode);
  });

  it("refuses each bad field with its message and stores nothing", async () => {
    const owner = await s.owner("basic");
    const doc = await create(owner);
    const id = doc.user_channel_id;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { channel_global_business_info: { duns: "12-34-56789" } },
        { "channel_global_business_info.duns": MESSAGES.dunsFormat },
      ],
      [
        { channel_global_business_info: { incoterms: { edition: "2020", codes: ["FOB", "DAT"] } } },
        { "channel_global_business_info.incoterms.codes.1": CHANNEL_MESSAGES.incoterm },
      ],
      [
        { channel_global_business_info: { export_markets: ["US", "XY"] } },
        { "channel_global_business_info.export_markets.1": CHANNEL_MESSAGES.country },
      ],
      [{ country: "ZZ" }, { country: CHANNEL_MESSAGES.country }],
      [{ channel_intro: "가".repeat(2001) }, { channel_intro: "At most 2000 characters." }],
      [{ channel_name: "n".repeat(101) }, { channel_name: "At most 100 characters." }],
      [
        { channel_global_business_info: { productsServices_origin: "p".repeat(2001) } },
        { "channel_global_business_info.productsServices_origin": "At most 2000 characters." },
      ],
      [{ contact_email: "not-an-email" }, { contact_email: MESSAGES.invalidEmail }],
      [{ homepage_url: "ftp://example.com" }, { homepage_url: CHANNEL_MESSAGES.url }],
      [
        { channel_global_business_info: { industry: "other", industry_other: "" } },
        { "channel_global_business_info.industry_other": CHANNEL_MESSAGES.industryOther },
      ],
      [
        { transinfo: { ko: { channel_intro: "소".repeat(2001) } } },
        { "transinfo.ko.channel_intro": "At most 2000 characters." },
      ],
    ];
    for (const [fields, expected] of cases) {
      const res = await s.call(
        channelUpdateCall,
        { user_channel_id: id, channel_intro: "Would be stored", ...fields } as never,
        { token: owner.token },
      );
      expect(res.body.rescode, JSON.stringify(fields)).toBe(CODES.validation.rescode);
      expect(fieldsOf(res.body), JSON.stringify(fields)).toEqual(expected);
    }
    // An image someone else uploaded is refused by name.
    const other = await s.owner("basic");
    const theirs = await uploadImage(other, await gradientPng(32), "logo.png");
    expect(theirs.status).toBe(true);
    const stolen = await s.call(
      channelUpdateCall,
      { user_channel_id: id, logo_url: theirs.data.url, channel_intro: "Would be stored" },
      { token: owner.token },
    );
    expect(fieldsOf(stolen.body)).toEqual({
      logo_url: CODES.fileInvalid.message,
    });
    expect(await mine(owner)).toEqual(doc);
  });

  it("checks logo and cover images: jpg or png only, at most 4 MB", async () => {
    const owner = await s.owner("basic");
    const gif = new TextEncoder().encode("GIF89a-not-allowed");
    const wrongType = await uploadImage(owner, gif, "logo.gif");
    expect(wrongType).toMatchObject({ status: false, rescode: CODES.imageType.rescode });
    expect(wrongType.message).toBe("Only jpg and png files can be uploaded.");
    const png = await gradientPng(16);
    const huge = new Uint8Array(IMAGE_MAX_BYTES + 1024);
    huge.set(png);
    const tooBig = await uploadImage(owner, huge, "cover.png", "channel_cover");
    expect(tooBig).toMatchObject({ status: false, rescode: CODES.imageSize.rescode });
    expect(tooBig.message).toBe("The image exceeds the size limit.");
  });

  it("saves every section and shows it to visitors; another owner's channel is untouchable", async () => {
    const owner = await s.owner("standard");
    const { user_channel_id: id } = await create(owner);
    const logo = await uploadImage(owner, await gradientPng(64), "logo.png");
    const cover = await uploadImage(owner, await gradientPng(96), "cover.png", "channel_cover");
    const res = await s.call(
      channelUpdateCall,
      {
        user_channel_id: id,
        channel_intro: "Lamps made in Busan.",
        homepage_url: "https://aurora.example",
        contact_email: "sales@aurora.co.kr",
        contact_phone: "+82 51-000-0000",
        show_contact: false,
        country: "kr",
        languages: ["ko", "en"],
        logo_url: logo.data.url,
        cover_url: cover.data.url,
        brand_color: "#AA3300",
        channel_global_business_info: {
          company_name: "Aurora Co.",
          industry: "furniture",
          year_founded: 1998,
          employees: "11-50",
          productsServices_origin: "Desk lamps",
          duns: "12-345-6789",
          certifications: "ISO 9001",
          export_markets: ["US", "jp"],
          payment_methods: ["tt", "lc"],
          shipping_methods: ["sea"],
          incoterms: { edition: "2020", codes: ["FOB", "CIF"] },
        },
        profiles: [
          {
            profile_id: "p1",
            name: "Kim Minji",
            job_title: "Export manager",
            photo_url: null,
            languages: ["ko", "en"],
            email: "minji@aurora.co.kr",
            transinfo: { en: {}, ko: { name: "김민지", job_title: "수출 담당" } },
          },
        ],
      },
      { token: owner.token },
    );
    expect(res.body, JSON.stringify(res.body.data)).toMatchObject({
      status: true,
      message: "Update applied.",
    });
    const saved = await mine(owner);
    expect(saved).toMatchObject({
      country: "KR",
      brand_color: "#aa3300",
      channel_global_business_info: { duns: "123456789", export_markets: ["US", "JP"] },
    });

    const pub = await s.call(channelPublicCall, { user_channel_id: id, lang: "en" });
    expect(pub.body.status).toBe(true);
    if (!pub.body.status) return;
    expect(pub.body.data.doc).toMatchObject({
      channel_name: "Aurora Lamps",
      channel_intro: "Lamps made in Busan.",
      contact_email: null,
      contact_phone: null,
      logo_url: logo.data.url,
      channel_global_business_info: { incoterms: { edition: "2020", codes: ["FOB", "CIF"] } },
      profiles: [{ name: "Kim Minji", job_title: "Export manager" }],
    });
    const ko = await s.call(channelPublicCall, { user_channel_id: id, lang: "ko" });
    expect(ko.body.status && ko.body.data.doc.profiles[0]?.name).toBe("김민지");

    // Another owner: every owner call answers notFound and changes nothing.
    const intruder = await s.owner("standard");
    await create(intruder, "Intruder");
    const before = await mine(owner);
    const attempts = [
      s.call(channelUpdateCall, { user_channel_id: id, channel_name: "Taken" }, { token: intruder.token }),
      s.call(channelContentsCall, { user_channel_id: id }, { token: intruder.token }),
      s.call(
        channelContentsUpdateCall,
        { user_channel_id: id, contents: [], featured_content_id: null },
        { token: intruder.token },
      ),
      s.call(
        channelAutoTranslateCall,
        { user_channel_id: id, trans_data: { channel_intro: "x" }, target_lang: "ko", origin_lang: "en" },
        { token: intruder.token },
      ),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.body.rescode).toBe(CODES.notFound.rescode);
    }
    expect(await mine(owner)).toEqual(before);
  });

  it("lists public ready contents only, in the owner's order with one featured; not-ready ones stay private", async () => {
    const owner = await s.owner("standard");
    const { user_channel_id: id } = await create(owner);
    const lamp = await s.content(owner.userId, { title: "Lamp" });
    const chair = await s.content(owner.userId, { title: "Chair", withThumbnail: true });
    const hidden = await s.content(owner.userId, { title: "Secret prototype" });
    const busy = await s.content(owner.userId, { title: "Processing", status: "processing" });
    const other = await s.owner("standard");
    const theirs = await s.content(other.userId, { title: "Not mine", isPublic: true });

    const notReady = await s.call(
      channelContentsUpdateCall,
      {
        user_channel_id: id,
        contents: [
          { content_id: lamp, is_public: true },
          { content_id: busy, is_public: true },
        ],
        featured_content_id: null,
      },
      { token: owner.token },
    );
    expect(notReady.body.rescode).toBe(CODES.contentNotReady.rescode);
    const unchanged = await s.call(channelContentsCall, { user_channel_id: id }, { token: owner.token });
    expect(unchanged.body.status && unchanged.body.data.docs.every((d) => !d.is_public)).toBe(true);

    // The editor's own public switch follows the same rule.
    const direct = await s.call(
      contentUpdateCall,
      { content_id: busy, is_public: true },
      { token: owner.token },
    );
    expect(direct.body.rescode).toBe(CODES.contentNotReady.rescode);

    const foreign = await s.call(
      channelContentsUpdateCall,
      {
        user_channel_id: id,
        contents: [{ content_id: theirs, is_public: false }],
        featured_content_id: null,
      },
      { token: owner.token },
    );
    expect(foreign.body.rescode).toBe(CODES.notFound.rescode);

    const set = await s.call(
      channelContentsUpdateCall,
      {
        user_channel_id: id,
        contents: [
          { content_id: chair, is_public: true },
          { content_id: lamp, is_public: true },
          { content_id: hidden, is_public: false },
        ],
        featured_content_id: lamp,
      },
      { token: owner.token },
    );
    expect(set.body).toMatchObject({ status: true, message: "Update applied." });
    if (!set.body.status) return;
    expect(set.body.data.docs.map((d) => [d.title, d.is_public, d.is_featured])).toEqual([
      ["Chair", true, false],
      ["Lamp", true, true],
      ["Secret prototype", false, false],
      ["Processing", false, false],
    ]);

    const pub = await s.call(channelPublicCall, { user_channel_id: id, lang: "en" });
    expect(pub.body.status && pub.body.data.doc.contents.map((c) => [c.title, c.is_featured])).toEqual([
      ["Chair", false],
      ["Lamp", true],
    ]);
    expect(JSON.stringify(pub.body)).not.toContain("Secret prototype");
    expect(JSON.stringify(pub.body)).not.toContain("Not mine");

    const shown = await s.call(channelContentCall, { user_channel_id: id, user_contents_id: chair });
    expect(shown.body.status && shown.body.data.doc.title).toBe("Chair");
    // The owner's id goes into the visitor's view rows of the page (analytics, issue 11).
    expect(shown.body.status && shown.body.data.channel.owner_id).toBe(owner.userId);
    for (const contentId of [hidden, busy, theirs]) {
      const refused = await s.call(channelContentCall, { user_channel_id: id, user_contents_id: contentId });
      expect(refused.body.rescode).toBe(CODES.notFound.rescode);
    }
    const unknown = await s.call(channelPublicCall, { user_channel_id: "channel_nope", lang: "en" });
    expect(unknown.body.rescode).toBe(CODES.invalidChannel.rescode);
    expect(unknown.body.message).toBe("Invalid channel information, try again.");
  });

  it("answers texts in the asked language, machine-translates through DeepL and caches it", async () => {
    const owner = await s.owner("standard");
    const { user_channel_id: id } = await create(owner, "Aurora Lamps");
    await s.call(
      channelUpdateCall,
      {
        user_channel_id: id,
        channel_intro: "Lamps made in Busan.",
        channel_global_business_info: { productsServices_origin: "Desk lamps" },
      },
      { token: owner.token },
    );
    const ko = await s.call(channelPublicCall, { user_channel_id: id, lang: "ko" });
    expect(ko.body.status && ko.body.data.istranscheck).toBe(false);
    expect(ko.body.status && ko.body.data.doc.channel_intro).toBe("Lamps made in Busan.");
    expect(ko.body.status && ko.body.data.doc.untranslated).toEqual([
      "channel_name",
      "channel_intro",
      "productsServices_origin",
    ]);
    const en = await s.call(channelPublicCall, { user_channel_id: id, lang: "en" });
    expect(en.body.status && en.body.data.istranscheck).toBe(true);

    const requestsBefore = deepl.requests.length;
    const translated = await s.call(
      channelAutoTranslateCall,
      {
        user_channel_id: id,
        trans_data: { channel_intro: "Lamps made in Busan.", productsServices_origin: "Desk lamps" },
        target_lang: "ko",
        origin_lang: "en",
      },
      { token: owner.token },
    );
    expect(translated.body.status).toBe(true);
    if (!translated.body.status) return;
    expect(translated.body.data.doc.transinfo.ko).toEqual({
      channel_intro: "[ko] Lamps made in Busan.",
      productsServices_origin: "[ko] Desk lamps",
    });
    expect(translated.body.data.doc.trans_source.ko).toEqual({
      channel_intro: "machine",
      productsServices_origin: "machine",
    });
    expect(deepl.requests.length).toBe(requestsBefore + 1);
    // The owner writes the name; the machine texts stay editable.
    await s.call(
      channelUpdateCall,
      {
        user_channel_id: id,
        transinfo: { ko: { ...translated.body.data.doc.transinfo.ko, channel_name: "오로라 램프" } },
        trans_source: { en: {}, ko: { ...translated.body.data.doc.trans_source.ko, channel_name: "owner" } },
      },
      { token: owner.token },
    );
    const koAfter = await s.call(channelPublicCall, { user_channel_id: id, lang: "ko" });
    expect(koAfter.body.status && koAfter.body.data).toMatchObject({
      istranscheck: true,
      doc: {
        channel_name: "오로라 램프",
        channel_intro: "[ko] Lamps made in Busan.",
        machine_translated: ["channel_intro", "productsServices_origin"],
      },
    });
    // The same text again is answered from the cache: DeepL is not asked twice.
    await s.call(
      channelAutoTranslateCall,
      {
        user_channel_id: id,
        trans_data: { channel_intro: "Lamps made in Busan." },
        target_lang: "ko",
        origin_lang: "en",
      },
      { token: owner.token },
    );
    expect(deepl.requests.length).toBe(requestsBefore + 1);
    // A provider failure says so and stores nothing.
    deepl.failWith(456);
    const failed = await s.call(
      channelAutoTranslateCall,
      {
        user_channel_id: id,
        trans_data: { channel_intro: "New words" },
        target_lang: "ko",
        origin_lang: "en",
      },
      { token: owner.token },
    );
    deepl.failWith(null);
    expect(failed.body.rescode).toBe(CODES.translationFailed.rescode);
    expect((await mine(owner))?.transinfo.ko.channel_intro).toBe("[ko] Lamps made in Busan.");
  });

  it("counts channel views once a day per visitor and inflow only through the content's own channel", async () => {
    const owner = await s.owner("standard");
    const { user_channel_id: id } = await create(owner);
    const first = await s.call(channelVisitCall, { user_channel_id: id });
    expect(first.body.status && first.body.data.counted).toBe(true);
    const cookie = first.cookies[`vt_vch_${id}`];
    expect(cookie?.attributes).toMatchObject({ path: "/api/", "max-age": "86400", httponly: true });
    const again = await s.call(
      channelVisitCall,
      { user_channel_id: id },
      { cookies: { [`vt_vch_${id}`]: cookie?.value ?? "" } },
    );
    expect(again.body.status && again.body.data.counted).toBe(false);
    // Another channel's cookie does not stop this channel's count.
    const another = await s.call(
      channelVisitCall,
      { user_channel_id: id },
      { cookies: { vt_vch_channel_x: "1" } },
    );
    expect(another.body.status && another.body.data.counted).toBe(true);
    // Dropping the cookie does not count the same visitor twice in a day (daily hash).
    const ip = uniqueIp();
    const noCookie1 = await s.call(channelVisitCall, { user_channel_id: id }, { ip });
    const noCookie2 = await s.call(channelVisitCall, { user_channel_id: id }, { ip });
    expect([
      noCookie1.body.status && noCookie1.body.data.counted,
      noCookie2.body.status && noCookie2.body.data.counted,
    ]).toEqual([true, false]);
    expect((await mine(owner))?.views).toBe(3);
    const unknown = await s.call(channelVisitCall, { user_channel_id: "channel_unknown" });
    expect(unknown.body.rescode).toBe(CODES.notFound.rescode);

    const shown = await s.content(owner.userId, { isPublic: true });
    const fake = await s.call(visitChannelInflowCall, {
      user_contents_id: shown,
      user_channel_id: "channel_1",
    });
    expect(fake.body.rescode).toBe(CODES.notFound.rescode);
    const stranger = await s.owner("standard");
    const strangers = await create(stranger, "Stranger");
    const wrongChannel = await s.call(visitChannelInflowCall, {
      user_contents_id: shown,
      user_channel_id: strangers.user_channel_id,
    });
    expect(wrongChannel.body.rescode).toBe(CODES.notFound.rescode);
    const inflow = await s.call(visitChannelInflowCall, { user_contents_id: shown, user_channel_id: id });
    expect(inflow.body.status && inflow.body.data.counted).toBe(true);
    expect(Object.keys(inflow.cookies).sort()).toEqual([`vt_ci_${id}_${shown}`, `vt_vc_${shown}`]);
    const repeat = await s.call(
      visitChannelInflowCall,
      { user_contents_id: shown, user_channel_id: id },
      { cookies: { [`vt_ci_${id}_${shown}`]: "1", [`vt_vc_${shown}`]: "1" } },
    );
    expect(repeat.body.status && repeat.body.data.counted).toBe(false);
  });

  it("builds the feed, the showcase and /Reference from public contents of channels, by industry", async () => {
    const maker = await s.owner("standard");
    const makerChannel = await create(maker, "Feed Maker");
    await s.call(
      channelUpdateCall,
      {
        user_channel_id: makerChannel.user_channel_id,
        channel_global_business_info: { industry: "cosmetics" },
      },
      { token: maker.token },
    );
    const cream = await s.content(maker.userId, { title: "Cream jar", isPublic: true });
    // The feed orders by creation time to the millisecond, then by id: two contents made in the
    // same millisecond would come in their ids' (random) order. The serum is made a moment later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const serum = await s.content(maker.userId, { title: "Serum bottle", isPublic: true });
    await s.content(maker.userId, { title: "Hidden jar" });
    await s.call(
      channelContentsUpdateCall,
      {
        user_channel_id: makerChannel.user_channel_id,
        contents: [
          { content_id: cream, is_public: true },
          { content_id: serum, is_public: true },
        ],
        featured_content_id: cream,
      },
      { token: maker.token },
    );
    const noChannel = await s.owner("standard");
    await s.content(noChannel.userId, { title: "Orphan public", isPublic: true });

    const feed = await s.call(feedCall, { kind: "feed", lang: "en", industry: "cosmetics" });
    expect(feed.body.status && feed.body.data.docs.map((d) => d.title)).toEqual([
      "Serum bottle",
      "Cream jar",
    ]);
    expect(feed.body.status && feed.body.data.docs[0]?.channel).toMatchObject({
      user_channel_id: makerChannel.user_channel_id,
      channel_name: "Feed Maker",
      industry: "cosmetics",
    });
    const all = await s.call(feedCall, { kind: "feed", lang: "en" });
    const titles = all.body.status ? all.body.data.docs.map((d) => d.title) : [];
    expect(titles).toContain("Cream jar");
    expect(titles).not.toContain("Orphan public");
    expect(titles).not.toContain("Hidden jar");
    const other = await s.call(feedCall, { kind: "feed", lang: "en", industry: "food" });
    expect(other.body.status && other.body.data.docs.map((d) => d.title)).not.toContain("Cream jar");

    const showcase = await s.call(feedCall, { kind: "showcase", lang: "en", industry: "cosmetics" });
    expect(showcase.body.status && showcase.body.data.docs.map((d) => [d.title, d.is_featured])).toEqual([
      ["Cream jar", true],
      ["Serum bottle", false],
    ]);
    const reference = await s.call(channelListCall, { lang: "en", industry: "cosmetics" });
    expect(reference.body.status && reference.body.data.docs.map((d) => d.channel_name)).toEqual([
      "Feed Maker",
    ]);
  });

  it("pages the feed by cursor without repeats", async () => {
    const owner = await s.owner("standard");
    const { user_channel_id: id } = await create(owner, "Pager");
    await s.call(
      channelUpdateCall,
      { user_channel_id: id, channel_global_business_info: { industry: "education" } },
      { token: owner.token },
    );
    for (let i = 0; i < 30; i++) await s.content(owner.userId, { title: `Model ${i}`, isPublic: true });
    const first = await s.call(feedCall, { kind: "feed", lang: "en", industry: "education" });
    if (!first.body.status) throw new Error("feed failed");
    expect(first.body.data.docs).toHaveLength(24);
    const second = await s.call(feedCall, {
      kind: "feed",
      lang: "en",
      industry: "education",
      cursor: first.body.data.next_cursor,
    });
    if (!second.body.status) throw new Error("feed failed");
    expect(second.body.data.docs).toHaveLength(6);
    expect(second.body.data.next_cursor).toBeNull();
    const ids = [...first.body.data.docs, ...second.body.data.docs].map((d) => d.content_id);
    expect(new Set(ids).size).toBe(30);
  });

  it("puts the channel's Open Graph tags in /Channel/:id and removes the channel with its owner", async () => {
    const owner = await s.owner("standard");
    const { user_channel_id: id } = await create(owner, `Lamp "Aurora" <b>`);
    const cover = await uploadImage(owner, await gradientPng(64), "cover.png", "channel_cover");
    await s.call(
      channelUpdateCall,
      { user_channel_id: id, channel_intro: "Lamps made in Busan.", cover_url: cover.data.url },
      { token: owner.token },
    );
    const page = await s.get(`/Channel/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<meta property="og:title" content="Lamp &quot;Aurora&quot; &lt;b&gt;">`);
    expect(page.text).toContain(`<meta property="og:description" content="Lamps made in Busan.">`);
    expect(page.text).toContain(`<meta property="og:url" content="${PUBLIC_URL}/Channel/${id}">`);
    expect(page.text).toContain(`<meta property="og:image" content="${PUBLIC_URL}${cover.data.url}">`);
    const unknown = await s.get("/Channel/channel_unknown");
    expect(unknown.text).not.toContain("og:title");

    const deleted = await s.call(deleteAccountCall, { password: owner.password }, { token: owner.token });
    expect(deleted.body.status).toBe(true);
    const gone = await s.call(channelPublicCall, { user_channel_id: id, lang: "en" });
    expect(gone.body.rescode).toBe(CODES.invalidChannel.rescode);
  });
});
