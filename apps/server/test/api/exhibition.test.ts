/**
 * Exhibitions and booths through the real server: only super accounts run exhibitions and
 * slots, unpublished exhibitions invisible to visitors and owners, booths need a channel and
 * follow the plan (booths, products, video), slots never shared even when owners race, booth
 * editing by its owner only (another owner's booth answers `notFound`), uploads refused per §5
 * with nothing stored, the booth page and its products, booth views counted once a day per
 * visitor (cookie and daily hash), and booths going with their owner's account.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  addOriginLogCall,
  adminBoothAssignCall,
  adminBoothFreeCall,
  adminBoothRemoveCall,
  adminExhibitionBoothsCall,
  adminExhibitionCreateCall,
  adminExhibitionListCall,
  adminExhibitionPublishCall,
  adminExhibitionUpdateCall,
  boothApplyCall,
  boothDeleteCall,
  boothPageCall,
  boothProductCall,
  boothUpdateCall,
  boothVisitCall,
  CODES,
  channelCreateCall,
  channelUpdateCall,
  deleteAccountCall,
  EXHIBITION_MESSAGES,
  exhibitionHallCall,
  exhibitionListCall,
  LOG_FIXED_KEY,
  loginCall,
  myBoothsCall,
  reportSummaryCall,
  type TBoothOwnerDoc,
  type TExhibitionDoc,
  type TExhibitionInput,
  type TReportSummary,
  type TResponseEnvelope,
} from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseTargets } from "../support/databases";
import { createUser, uniqueIp } from "../support/factories";
import { gradientPng } from "../support/models";
import { startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const DAY = 86_400_000;
/** A browser's user agent (rows of bots and scripts are dropped). */
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** A small MP4 (an `ftyp` box and an empty `mdat`). */
function tinyMp4(): Uint8Array {
  const ftyp = [0, 0, 0, 0x18, ..."ftypisom".split("").map((c) => c.charCodeAt(0)), 0, 0, 2, 0];
  ftyp.push(..."isommp41".split("").map((c) => c.charCodeAt(0)));
  const mdat = [0, 0, 0, 8, ..."mdat".split("").map((c) => c.charCodeAt(0))];
  return new Uint8Array([...ftyp, ...mdat]);
}

function input(overrides: Partial<TExhibitionInput> = {}): TExhibitionInput {
  return {
    name: { en: "Busan Lighting Fair", ko: "부산 조명 박람회" },
    description: { en: "Lamps from Busan.", ko: "부산의 조명." },
    opens_at: new Date(Date.now() - DAY).toISOString(),
    closes_at: new Date(Date.now() + 30 * DAY).toISOString(),
    categories: [
      { key: "lamps", name: { en: "Lamps", ko: "조명" } },
      { key: "parts", name: { en: "Parts", ko: "부품" } },
    ],
    layout: { aisles: 3, slots_per_aisle: 10 },
    theme_color: "#112233",
    ...overrides,
  };
}

function fieldsOf(body: TResponseEnvelope<unknown>): Record<string, string> | undefined {
  return (body.data as { fields?: Record<string, string> } | undefined)?.fields;
}

describe.each(targets)("exhibition on $name", (target) => {
  let s: TSharingServer;
  let boss: string;

  beforeAll(async () => {
    s = await startSharingServer(target.env);
    const user = await createUser(s.platform.database.db, { isSuper: true });
    const res = await s.call(loginCall, { email_id: user.emailId, password: user.password });
    if (!res.body.status) throw new Error("super sign-in failed");
    boss = res.body.data.atk;
  });
  afterAll(async () => {
    await s?.shutdown();
  });

  async function blobFiles(): Promise<string[]> {
    const found: string[] = [];
    const walk = async (path: string): Promise<void> => {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(path, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (entry.isDirectory()) await walk(join(path, entry.name));
        else found.push(entry.name);
      }
    };
    await walk(join(s.platform.config.dataDir, "blobs"));
    return found.sort();
  }

  async function openExhibition(overrides: Partial<TExhibitionInput> = {}): Promise<TExhibitionDoc> {
    const made = await s.call(adminExhibitionCreateCall, input(overrides), { token: boss });
    if (!made.body.status) throw new Error(`create failed: ${JSON.stringify(made.body)}`);
    const id = made.body.data.doc.exhibition_id;
    const published = await s.call(
      adminExhibitionPublishCall,
      { exhibition_id: id, published: true },
      { token: boss },
    );
    if (!published.body.status) throw new Error("publish failed");
    return published.body.data.doc;
  }

  async function business(level: "basic" | "standard" | "advanced", name = "Aurora Lamps"): Promise<TOwner> {
    const owner = await s.owner(level);
    const res = await s.call(channelCreateCall, { channel_name: name }, { token: owner.token });
    if (!res.body.status) throw new Error("channel failed");
    return owner;
  }

  async function take(
    owner: TOwner,
    exhibitionId: string,
    aisle: number,
    index: number,
  ): Promise<TBoothOwnerDoc> {
    const res = await s.call(
      boothApplyCall,
      { exhibition_id: exhibitionId, slot: { aisle, index }, category: "lamps" },
      { token: owner.token },
    );
    if (!res.body.status) throw new Error(`apply failed: ${JSON.stringify(res.body)}`);
    return res.body.data.doc;
  }

  async function upload(
    owner: TOwner,
    route: "image" | "video" | "file",
    bytes: Uint8Array,
    filename: string,
    purpose = "booth_image",
  ): Promise<TResponseEnvelope<{ url: string }>> {
    const form = new FormData();
    if (route !== "video") form.append("purpose", route === "file" ? "booth_document" : purpose);
    form.append("file", new Blob([new Uint8Array(bytes)]), filename);
    const res = await fetch(`${s.server.baseUrl}/api/upload/${route}`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "x-forwarded-for": uniqueIp() },
      body: form,
    });
    return (await res.json()) as TResponseEnvelope<{ url: string }>;
  }

  it("lets only super accounts run exhibitions; unpublished ones stay hidden from visitors and owners", async () => {
    const owner = await business("advanced");
    const refused = await s.call(adminExhibitionCreateCall, input(), { token: owner.token });
    expect(refused.body.rescode).toBe(CODES.forbidden.rescode);
    const anonymous = await s.call(adminExhibitionListCall, {});
    expect(anonymous.body.rescode).toBe(CODES.forbidden.rescode);

    const backwards = await s.call(
      adminExhibitionCreateCall,
      input({ closes_at: new Date(Date.now() - 2 * DAY).toISOString() }),
      { token: boss },
    );
    expect(backwards.body.rescode).toBe(CODES.validation.rescode);
    expect(fieldsOf(backwards.body)).toEqual({ closes_at: EXHIBITION_MESSAGES.dates });

    const made = await s.call(adminExhibitionCreateCall, input(), { token: boss });
    expect(made.body).toMatchObject({ status: true, message: "Exhibition saved." });
    if (!made.body.status) return;
    const doc = made.body.data.doc;
    expect(doc.exhibition_id).toMatch(/^exhibition_[0-9a-f-]{36}$/);
    expect(doc).toMatchObject({ published: false, state: "open", slot_count: 30, booth_count: 0 });

    // Hidden while unpublished: not listed, no hall, no booths.
    const listed = async () => {
      const res = await s.call(exhibitionListCall, {});
      return res.body.status ? res.body.data.docs.map((d) => d.exhibition_id) : [];
    };
    expect(await listed()).not.toContain(doc.exhibition_id);
    const hall = await s.call(exhibitionHallCall, { exhibition_id: doc.exhibition_id, lang: "en" });
    expect(hall.body.rescode).toBe(CODES.notFound.rescode);
    const apply = await s.call(
      boothApplyCall,
      { exhibition_id: doc.exhibition_id, slot: { aisle: 0, index: 0 } },
      { token: owner.token },
    );
    expect(apply.body.rescode).toBe(CODES.notFound.rescode);
    const mine = await s.call(myBoothsCall, {}, { token: owner.token });
    expect(mine.body.status && mine.body.data.exhibitions.map((e) => e.doc.exhibition_id)).not.toContain(
      doc.exhibition_id,
    );
    const all = await s.call(adminExhibitionListCall, {}, { token: boss });
    expect(all.body.status && all.body.data.docs.map((d) => d.exhibition_id)).toContain(doc.exhibition_id);

    // An owner cannot publish; the super account can, and then visitors see it.
    const ownerPublish = await s.call(
      adminExhibitionPublishCall,
      { exhibition_id: doc.exhibition_id, published: true },
      { token: owner.token },
    );
    expect(ownerPublish.body.rescode).toBe(CODES.forbidden.rescode);
    await s.call(
      adminExhibitionPublishCall,
      { exhibition_id: doc.exhibition_id, published: true },
      { token: boss },
    );
    expect(await listed()).toContain(doc.exhibition_id);
    const open = await s.call(exhibitionHallCall, { exhibition_id: doc.exhibition_id, lang: "ko" });
    expect(open.body.status && open.body.data.slots.length).toBe(30);
    expect(open.body.status && open.body.data.slots[10]).toEqual({
      aisle: 1,
      index: 0,
      label: "B1",
      booth_id: null,
    });

    // A booth stands in C10: the layout cannot shrink under it until it moves.
    const booth = await take(owner, doc.exhibition_id, 2, 9);
    const shrink = await s.call(
      adminExhibitionUpdateCall,
      { exhibition_id: doc.exhibition_id, exhibition: input({ layout: { aisles: 2, slots_per_aisle: 10 } }) },
      { token: boss },
    );
    expect(shrink.body.rescode).toBe(CODES.hallLayoutInUse.rescode);
    const ownerMove = await s.call(
      adminBoothAssignCall,
      { booth_id: booth.booth_id, slot: { aisle: 0, index: 0 } },
      { token: owner.token },
    );
    expect(ownerMove.body.rescode).toBe(CODES.forbidden.rescode);
    const moved = await s.call(
      adminBoothAssignCall,
      { booth_id: booth.booth_id, slot: { aisle: 0, index: 0 } },
      { token: boss },
    );
    expect(moved.body.status && moved.body.data.doc.slot?.label).toBe("A1");
    const shrunk = await s.call(
      adminExhibitionUpdateCall,
      { exhibition_id: doc.exhibition_id, exhibition: input({ layout: { aisles: 2, slots_per_aisle: 10 } }) },
      { token: boss },
    );
    expect(shrunk.body.status && shrunk.body.data.doc.slot_count).toBe(20);

    // Unpublished again: the booth page goes too, past exhibitions stay listed.
    await s.call(
      adminExhibitionPublishCall,
      { exhibition_id: doc.exhibition_id, published: false },
      { token: boss },
    );
    const page = await s.call(boothPageCall, { booth_id: booth.booth_id, lang: "en" });
    expect(page.body.rescode).toBe(CODES.notFound.rescode);
    const past = await openExhibition({
      opens_at: new Date(Date.now() - 20 * DAY).toISOString(),
      closes_at: new Date(Date.now() - 10 * DAY).toISOString(),
    });
    const list = await s.call(exhibitionListCall, {});
    expect(
      list.body.status && list.body.data.docs.find((d) => d.exhibition_id === past.exhibition_id)?.state,
    ).toBe("closed");
    const lateApply = await s.call(
      boothApplyCall,
      { exhibition_id: past.exhibition_id, slot: null },
      { token: owner.token },
    );
    expect(lateApply.body.rescode).toBe(CODES.exhibitionNotTaking.rescode);
  });

  it("gives booths to owners with a channel, as many as the plan allows, one booth per slot", async () => {
    const ex = await openExhibition();
    const noChannel = await s.owner("advanced");
    const refused = await s.call(
      boothApplyCall,
      { exhibition_id: ex.exhibition_id, slot: { aisle: 0, index: 0 } },
      { token: noChannel.token },
    );
    expect(refused.body.rescode).toBe(CODES.boothNeedsChannel.rescode);
    const noChannelMine = await s.call(myBoothsCall, {}, { token: noChannel.token });
    expect(noChannelMine.body.status && noChannelMine.body.data.has_channel).toBe(false);

    const basic = await business("basic", "Basic Lamps");
    const first = await take(basic, ex.exhibition_id, 0, 0);
    expect(first).toMatchObject({ status: "active", slot: { label: "A1" }, category: "lamps" });
    expect(first.channel.channel_name).toBe("Basic Lamps");
    const second = await s.call(
      boothApplyCall,
      { exhibition_id: ex.exhibition_id, slot: { aisle: 0, index: 1 } },
      { token: basic.token },
    );
    expect(second.body.rescode).toBe(CODES.planLimit.rescode);
    expect(second.body.data).toEqual({ limit: "booth" });
    const basicMine = await s.call(myBoothsCall, {}, { token: basic.token });
    expect(basicMine.body.status && basicMine.body.data.allowance).toMatchObject({
      booths: 1,
      booths_used: 1,
      products: 3,
      video: false,
    });

    // Two owners racing for one slot: one stands there, the other hears `slotTaken`.
    const a = await business("standard", "Racer A");
    const b = await business("standard", "Racer B");
    const race = await Promise.all(
      [a, b].map((o) =>
        s.call(
          boothApplyCall,
          { exhibition_id: ex.exhibition_id, slot: { aisle: 1, index: 4 } },
          { token: o.token },
        ),
      ),
    );
    expect(race.map((r) => r.body.rescode).sort()).toEqual([200, CODES.slotTaken.rescode].sort());
    const outside = await s.call(
      boothApplyCall,
      { exhibition_id: ex.exhibition_id, slot: { aisle: 5, index: 0 } },
      { token: a.token },
    );
    expect(outside.body.rescode).toBe(CODES.slotTaken.rescode);
    const badCategory = await s.call(
      boothApplyCall,
      { exhibition_id: ex.exhibition_id, slot: null, category: "boats" },
      { token: a.token },
    );
    expect(badCategory.body.rescode).toBe(CODES.validation.rescode);

    // A request waits for an operator, who assigns, moves and frees its slot.
    const request = await s.call(
      boothApplyCall,
      { exhibition_id: ex.exhibition_id, slot: null },
      { token: b.token },
    );
    if (!request.body.status) throw new Error("request failed");
    const requested = request.body.data.doc;
    expect(requested).toMatchObject({ status: "requested", slot: null });
    const admin = await s.call(
      adminExhibitionBoothsCall,
      { exhibition_id: ex.exhibition_id },
      { token: boss },
    );
    expect(admin.body.status && admin.body.data.booths[0]?.booth_id).toBe(requested.booth_id);
    const hallBefore = await s.call(exhibitionHallCall, { exhibition_id: ex.exhibition_id, lang: "en" });
    expect(hallBefore.body.status && hallBefore.body.data.booths.map((x) => x.booth_id)).not.toContain(
      requested.booth_id,
    );
    const onTaken = await s.call(
      adminBoothAssignCall,
      { booth_id: requested.booth_id, slot: { aisle: 0, index: 0 } },
      { token: boss },
    );
    expect(onTaken.body.rescode).toBe(CODES.slotTaken.rescode);
    const assigned = await s.call(
      adminBoothAssignCall,
      { booth_id: requested.booth_id, slot: { aisle: 2, index: 3 } },
      { token: boss },
    );
    expect(assigned.body.status && assigned.body.data.doc).toMatchObject({
      status: "active",
      slot: { label: "C4" },
    });
    const hall = await s.call(exhibitionHallCall, { exhibition_id: ex.exhibition_id, lang: "en" });
    if (!hall.body.status) throw new Error("hall failed");
    expect(hall.body.data.slots.find((x) => x.label === "C4")?.booth_id).toBe(requested.booth_id);
    expect(hall.body.data.booths.map((x) => x.slot?.label)).toEqual(["A1", "B5", "C4"]);
    const freed = await s.call(adminBoothFreeCall, { booth_id: requested.booth_id }, { token: boss });
    expect(freed.body.status && freed.body.data.doc).toMatchObject({ status: "requested", slot: null });
    const removed = await s.call(adminBoothRemoveCall, { booth_id: requested.booth_id }, { token: boss });
    expect(removed.body.status).toBe(true);
    const gone = await s.call(myBoothsCall, {}, { token: b.token });
    expect(gone.body.status && gone.body.data.docs.map((d) => d.booth_id)).not.toContain(requested.booth_id);
  });

  it("lets only its owner dress a booth, within the plan, with the owner's own ready contents and uploads", async () => {
    const ex = await openExhibition();
    const owner = await business("basic", "Dress Lamps");
    const booth = await take(owner, ex.exhibition_id, 0, 2);
    const p = await Promise.all(
      ["Desk lamp", "Floor lamp", "Pendant", "Sconce"].map((title) =>
        s.content(owner.userId, { title, withThumbnail: true }),
      ),
    );
    const processing = await s.content(owner.userId, { status: "processing" });
    const stranger = await business("advanced", "Stranger");
    const strangers = await s.content(stranger.userId, { title: "Not yours" });

    const tooMany = await s.call(
      boothUpdateCall,
      { booth_id: booth.booth_id, product_ids: p },
      { token: owner.token },
    );
    expect(tooMany.body.rescode).toBe(CODES.planLimit.rescode);
    expect(tooMany.body.data).toEqual({ limit: "booth_product" });
    const video = await upload(owner, "video", tinyMp4(), "tour.mp4");
    if (!video.status) throw new Error("video upload failed");
    const noVideo = await s.call(
      boothUpdateCall,
      { booth_id: booth.booth_id, video_url: video.data.url },
      { token: owner.token },
    );
    expect(noVideo.body.rescode).toBe(CODES.planLimit.rescode);
    expect(noVideo.body.data).toEqual({ limit: "booth_video" });
    const notReady = await s.call(
      boothUpdateCall,
      { booth_id: booth.booth_id, product_ids: [processing] },
      { token: owner.token },
    );
    expect(notReady.body.rescode).toBe(CODES.contentNotReady.rescode);
    const notMine = await s.call(
      boothUpdateCall,
      { booth_id: booth.booth_id, product_ids: [strangers] },
      { token: owner.token },
    );
    expect(notMine.body.rescode).toBe(CODES.notFound.rescode);
    const heroElsewhere = await s.call(
      boothUpdateCall,
      { booth_id: booth.booth_id, product_ids: [p[0] ?? ""], hero_content_id: p[1] ?? "" },
      { token: owner.token },
    );
    expect(fieldsOf(heroElsewhere.body)).toEqual({ hero_content_id: EXHIBITION_MESSAGES.heroNotListed });

    // Uploads: a script posing as an image and a text posing as a video are refused, nothing stored.
    const before = await blobFiles();
    const script = await upload(
      owner,
      "image",
      new TextEncoder().encode("<?php system($_GET['c']); ?>"),
      "logo.jpg",
    );
    expect(script.status).toBe(false);
    const fakeVideo = await upload(
      owner,
      "video",
      new TextEncoder().encode("not a video at all"),
      "tour.mp4",
    );
    expect(fakeVideo.status).toBe(false);
    const html = await upload(
      owner,
      "image",
      new TextEncoder().encode("<html><script>x</script>"),
      "panel.png",
    );
    expect(html.status).toBe(false);
    const fakePdf = await upload(owner, "file", new TextEncoder().encode("<?php echo 1; ?>"), "brochure.pdf");
    expect(fakePdf.status).toBe(false);
    const notPdf = await upload(owner, "file", await gradientPng(16), "brochure.png");
    expect(notPdf.status).toBe(false);
    expect(await blobFiles()).toEqual(before);
    const strangerImage = await upload(stranger, "image", await gradientPng(32), "theirs.png");
    if (!strangerImage.status) throw new Error("stranger image failed");
    const stolen = await s.call(
      boothUpdateCall,
      { booth_id: booth.booth_id, image_urls: [strangerImage.data.url] },
      { token: owner.token },
    );
    expect(fieldsOf(stolen.body)).toEqual({ "image_urls.0": CODES.fileInvalid.message });
    const image = await upload(owner, "image", await gradientPng(48), "panel.png");
    if (!image.status) throw new Error("image failed");
    const pdf = await upload(
      owner,
      "file",
      new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"),
      "brochure.pdf",
    );
    if (!pdf.status) throw new Error(`pdf failed: ${JSON.stringify(pdf)}`);
    const strangerPdf = await upload(
      stranger,
      "file",
      new TextEncoder().encode("%PDF-1.4\n%%EOF\n"),
      "theirs.pdf",
    );
    if (!strangerPdf.status) throw new Error("stranger pdf failed");
    const theirDocument = await s.call(
      boothUpdateCall,
      { booth_id: booth.booth_id, documents: [{ url: strangerPdf.data.url, name: "Theirs", size: 10 }] },
      { token: owner.token },
    );
    expect(fieldsOf(theirDocument.body)).toEqual({ "documents.0.url": CODES.fileInvalid.message });

    // Another owner's booth answers like a missing one and stays as it was.
    const hijack = await s.call(
      boothUpdateCall,
      { booth_id: booth.booth_id, logo_text: "Hijacked" },
      { token: stranger.token },
    );
    expect(hijack.body.rescode).toBe(CODES.notFound.rescode);
    const hijackDelete = await s.call(
      boothDeleteCall,
      { booth_id: booth.booth_id },
      { token: stranger.token },
    );
    expect(hijackDelete.body.rescode).toBe(CODES.notFound.rescode);

    const saved = await s.call(
      boothUpdateCall,
      {
        booth_id: booth.booth_id,
        logo_text: "AURORA",
        booth_color: "#AA3300",
        image_urls: [image.data.url],
        product_ids: [p[2] ?? "", p[0] ?? "", p[1] ?? ""],
        hero_content_id: p[0] ?? "",
        pitch: { en: "Lamps that last.", ko: "오래가는 조명." },
        documents: [{ url: pdf.data.url, name: "Catalogue 2026", size: 60 }],
      },
      { token: owner.token },
    );
    expect(saved.body).toMatchObject({ status: true, message: "Booth saved." });

    const page = await s.call(boothPageCall, { booth_id: booth.booth_id, lang: "ko" });
    if (!page.body.status) throw new Error("page failed");
    const doc = page.body.data.doc;
    expect(doc).toMatchObject({
      logo_text: "AURORA",
      booth_color: "#aa3300",
      image_urls: [image.data.url],
      pitch: "오래가는 조명.",
      hero: { content_id: p[0], title: "Desk lamp" },
      product_count: 3,
      video_url: null,
      documents: [{ url: pdf.data.url, name: "Catalogue 2026", size: 60 }],
    });
    expect(doc.products.map((x) => x.title)).toEqual(["Pendant", "Desk lamp", "Floor lamp"]);
    expect(doc.channel.channel_name).toBe("Dress Lamps");

    const product = await s.call(boothProductCall, { booth_id: booth.booth_id, content_id: p[2] ?? "" });
    expect(product.body.status && product.body.data.doc.title).toBe("Pendant");
    const unlisted = await s.call(boothProductCall, { booth_id: booth.booth_id, content_id: p[3] ?? "" });
    expect(unlisted.body.rescode).toBe(CODES.notFound.rescode);
    const others = await s.call(boothProductCall, { booth_id: booth.booth_id, content_id: strangers });
    expect(others.body.rescode).toBe(CODES.notFound.rescode);

    // The channel's contact shows on the booth only when the owner shows it on the channel.
    const channelId = doc.channel.user_channel_id;
    const contact = await s.call(
      channelUpdateCall,
      { user_channel_id: channelId, contact_email: "sales@aurora.co.kr", show_contact: false },
      { token: owner.token },
    );
    expect(contact.body.status, JSON.stringify(contact.body)).toBe(true);
    const hidden = await s.call(boothPageCall, { booth_id: booth.booth_id, lang: "en" });
    expect(hidden.body.status && hidden.body.data.doc.contact.email).toBeNull();
    const show = await s.call(
      channelUpdateCall,
      { user_channel_id: channelId, show_contact: true },
      {
        token: owner.token,
      },
    );
    expect(show.body.status, JSON.stringify(show.body)).toBe(true);
    const shown = await s.call(boothPageCall, { booth_id: booth.booth_id, lang: "en" });
    expect(shown.body.status && shown.body.data.doc.contact.email).toBe("sales@aurora.co.kr");

    // On Advanced the video is allowed.
    const rich = await business("advanced", "Rich Lamps");
    const richBooth = await take(rich, ex.exhibition_id, 1, 1);
    const richVideo = await upload(rich, "video", tinyMp4(), "tour.mp4");
    if (!richVideo.status) throw new Error("video failed");
    const withVideo = await s.call(
      boothUpdateCall,
      { booth_id: richBooth.booth_id, video_url: richVideo.data.url },
      { token: rich.token },
    );
    expect(withVideo.body.status && withVideo.body.data.doc.video_url).toBe(richVideo.data.url);
    const richPage = await s.call(boothPageCall, { booth_id: richBooth.booth_id, lang: "en" });
    expect(richPage.body.status && richPage.body.data.doc.video_url).toBe(richVideo.data.url);
  });

  it("counts a booth view once a day per visitor, by cookie and by the daily hash", async () => {
    const ex = await openExhibition();
    const owner = await business("standard", "Counted Lamps");
    const booth = await take(owner, ex.exhibition_id, 0, 5);
    const cookieName = `vt_vbt_${booth.booth_id}`;
    const first = await s.call(boothVisitCall, { uuid: booth.booth_id });
    expect(first.body.status && first.body.data.counted).toBe(true);
    const cookie = first.cookies[cookieName];
    expect(cookie?.attributes).toMatchObject({ path: "/api/", "max-age": "86400", httponly: true });
    const again = await s.call(
      boothVisitCall,
      { uuid: booth.booth_id },
      { cookies: { [cookieName]: cookie?.value ?? "" } },
    );
    expect(again.body.status && again.body.data.counted).toBe(false);
    const ip = uniqueIp();
    const a = await s.call(boothVisitCall, { uuid: booth.booth_id }, { ip });
    const b = await s.call(boothVisitCall, { uuid: booth.booth_id }, { ip });
    expect([a.body.status && a.body.data.counted, b.body.status && b.body.data.counted]).toEqual([
      true,
      false,
    ]);
    const page = await s.call(boothPageCall, { booth_id: booth.booth_id, lang: "en" });
    expect(page.body.status && page.body.data.doc.views).toBe(2);
    const unknown = await s.call(boothVisitCall, { uuid: "booth_00000000-0000-4000-8000-000000000000" });
    expect(unknown.body.rescode).toBe(CODES.notFound.rescode);
    const malformed = await s.call(boothVisitCall, { uuid: "booth_x" });
    expect(malformed.body.rescode).toBe(CODES.validation.rescode);
  });

  it("names the owner's booths in the analytics report, and only the owner's", async () => {
    const ex = await openExhibition();
    const aurora = await business("advanced", "Aurora Lamps");
    const other = await business("advanced", "Borealis Lamps");
    const mine = await take(aurora, ex.exhibition_id, 1, 7);
    const theirs = await take(other, ex.exhibition_id, 1, 8);
    const named = await s.call(
      boothUpdateCall,
      { booth_id: mine.booth_id, logo_text: "Aurora Booth" },
      { token: aurora.token },
    );
    expect(named.body.status).toBe(true);
    // Booth views as the booth page sends them; one row claims Aurora owns the other's booth.
    const visit = async (rows: { owner: string; booth: string }[]) =>
      s.server.post(
        addOriginLogCall.path,
        await s.server.envelope.wrap({
          rows: rows.map(({ owner, booth }) => ({
            key: LOG_FIXED_KEY,
            sessionId: `session-${crypto.randomUUID()}`,
            pageType: "showroom",
            contentType: "booth",
            contentId: booth,
            contentOwnerId: owner,
            action: "view",
            path: `/showroom/${booth}`,
            metadata: {},
          })),
        }),
        { "x-forwarded-for": uniqueIp(), "user-agent": BROWSER },
      );
    const sent = await visit([
      { owner: aurora.userId, booth: mine.booth_id },
      { owner: aurora.userId, booth: mine.booth_id },
      { owner: aurora.userId, booth: theirs.booth_id },
      { owner: other.userId, booth: theirs.booth_id },
    ]);
    expect(sent.json).toMatchObject({ status: true, data: { accepted: true } });
    const today = new Date().toISOString().slice(0, 10);
    const report = async (owner: TOwner, extra: Record<string, string> = {}) =>
      (await s.call(reportSummaryCall, { from: today, to: today, ...extra } as never, { token: owner.token }))
        .body as TResponseEnvelope<TReportSummary>;

    const auroras = await report(aurora);
    if (!auroras.status) throw new Error(JSON.stringify(auroras));
    // The booth row shows the booth's name (its logo text); a booth that is not Aurora's stays unnamed.
    expect(auroras.data.top).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "booth", id: mine.booth_id, name: "Aurora Booth", visits: 2 }),
        expect.objectContaining({ type: "booth", id: theirs.booth_id, name: "", visits: 1 }),
      ]),
    );
    // A booth without logo text is named by its owner's channel.
    const others = await report(other);
    expect(others.status && others.data.top).toEqual([
      expect.objectContaining({ type: "booth", id: theirs.booth_id, name: "Borealis Lamps", visits: 1 }),
    ]);
    // The booth's own report: its owner gets it, anyone else `notFound`.
    const own = await report(aurora, { content_id: mine.booth_id, content_type: "booth" });
    expect(own.status && own.data.visits).toBe(2);
    const peek = await report(aurora, { content_id: theirs.booth_id, content_type: "booth" });
    expect(peek.rescode).toBe(CODES.notFound.rescode);
  });

  it("removes an owner's booths with the account, freeing their slots", async () => {
    const ex = await openExhibition();
    const owner = await business("standard", "Leaving Lamps");
    const booth = await take(owner, ex.exhibition_id, 2, 0);
    const res = await s.call(deleteAccountCall, { password: owner.password }, { token: owner.token });
    expect(res.body.status).toBe(true);
    const hall = await s.call(exhibitionHallCall, { exhibition_id: ex.exhibition_id, lang: "en" });
    expect(hall.body.status && hall.body.data.booths).toEqual([]);
    const page = await s.call(boothPageCall, { booth_id: booth.booth_id, lang: "en" });
    expect(page.body.rescode).toBe(CODES.notFound.rescode);
  });
});
