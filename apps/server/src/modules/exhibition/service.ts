/**
 * The exhibition service: exhibitions operators run (create, edit, publish, slots), booths owners
 * take and dress, what visitors read (the list, a hall, a booth page, a booth's product), and
 * booth views.
 *
 * Every owner path goes through `ownBooth`: another owner's booth answers `notFound` and is never
 * touched. Contents are reached only through the content service, channels through the channels
 * service, plans through the accounts service.
 */
import {
  AppError,
  BOOTH_PRODUCTS_MAX,
  CODES,
  countLimit,
  newId,
  PLAN_LIMITS,
  planLevel,
  slotLabel,
  slotsOf,
  type TBoothAllowance,
  type TBoothCard,
  type TBoothOwnerDoc,
  type TBoothPage,
  type TBoothProduct,
  type TBoothUpdate,
  type TBranding,
  type TExhibitionDoc,
  type TExhibitionInput,
  type TExhibitionLang,
  type TExhibitionState,
  type TFieldErrors,
  type TPlanLevel,
  type TPublicChannelDoc,
  type TSharedContent,
  type TSlotDoc,
  type TSlotPlace,
  type TUserInfo,
} from "@vitrine/contract";
import { sql } from "drizzle-orm";
import type { TAuth, TDrizzle } from "../../platform/types";
import type { TVisitor, TVisitorDays } from "../analytics/visitor-hash";
import type { TChannelsService } from "../channels/service";
import type { TContentService, TPublicContent } from "../content/service";
import {
  addBoothView,
  boothCounts,
  boothsOfExhibition,
  boothsOfOwner,
  boothsOutside,
  countOpenBooths,
  deleteBooth,
  deleteBoothsOfOwner,
  findBooth,
  findExhibition,
  insertBooth,
  insertExhibition,
  isUniqueViolation,
  listExhibitions,
  type TBoothRow,
  type TExhibitionRow,
  updateBooth,
  updateExhibition,
} from "./queries";

/** What the exhibition service needs of the content module. */
export type TExhibitionContentPort = Pick<
  TContentService,
  "ownContent" | "visitorView" | "readyContentsByIds" | "ownedUploadUrls"
>;

/** What the exhibition service needs of the channels module. */
export type TExhibitionChannelsPort = Pick<TChannelsService, "publicChannelsOfOwners" | "channelOfOwner">;

/** What the exhibition service needs of the accounts module. */
export interface TExhibitionAccountsPort {
  userInfo(userId: string): Promise<TUserInfo>;
}

/** The exhibition service's dependencies. */
export interface TExhibitionDeps {
  db: TDrizzle;
  content: TExhibitionContentPort;
  channels: TExhibitionChannelsPort;
  accounts: TExhibitionAccountsPort;
  visitors: TVisitorDays;
  now: () => Date;
}

/** A hall: the exhibition, its slots and active booths. */
export interface THall {
  doc: TExhibitionDoc;
  slots: TSlotDoc[];
  booths: TBoothCard[];
}

/** The exhibition service. */
export interface TExhibitionService {
  // visitors
  listPublished(): Promise<TExhibitionDoc[]>;
  hall(exhibitionId: string, lang: TExhibitionLang): Promise<THall>;
  boothPage(boothId: string, lang: TExhibitionLang): Promise<{ doc: TBoothPage; exhibition: TExhibitionDoc }>;
  boothProduct(boothId: string, contentId: string): Promise<{ doc: TSharedContent; branding: TBranding }>;
  /** Adds one view unless the visitor's daily hash was counted for the booth today; `notFound` for an unknown booth. */
  countView(boothId: string, visitor: TVisitor): Promise<boolean>;
  // owners
  mine(
    auth: TAuth,
    lang: TExhibitionLang,
  ): Promise<{
    docs: TBoothOwnerDoc[];
    exhibitions: { doc: TExhibitionDoc; slots: TSlotDoc[] }[];
    allowance: TBoothAllowance;
    has_channel: boolean;
  }>;
  apply(
    auth: TAuth,
    exhibitionId: string,
    slot: TSlotPlace | null,
    category: string | null,
    lang: TExhibitionLang,
  ): Promise<TBoothOwnerDoc>;
  update(auth: TAuth, input: TBoothUpdate, lang: TExhibitionLang): Promise<TBoothOwnerDoc>;
  remove(auth: TAuth, boothId: string): Promise<void>;
  // operators
  listAll(): Promise<(TExhibitionDoc & { request_count: number })[]>;
  create(auth: TAuth, input: TExhibitionInput): Promise<TExhibitionDoc>;
  edit(
    exhibitionId: string,
    input: TExhibitionInput,
  ): Promise<{ before: TExhibitionDoc; after: TExhibitionDoc }>;
  publish(exhibitionId: string, published: boolean): Promise<TExhibitionDoc>;
  adminBooths(exhibitionId: string): Promise<THall>;
  assign(boothId: string, slot: TSlotPlace): Promise<{ before: TBoothCard; after: TBoothCard }>;
  free(boothId: string): Promise<{ before: TBoothCard; after: TBoothCard }>;
  adminRemove(boothId: string): Promise<TBoothCard>;
  /** Booth names by id (analytics reports name booths with it). */
  boothNames(boothIds: readonly string[]): Promise<Map<string, string>>;
  /** Deletes an owner's booths (account deleted). */
  removeOwner(ownerId: string): Promise<void>;
  /** An active booth's name and exhibition, for page previews; null otherwise. */
  preview(boothId: string): Promise<{ name: string; exhibition: string; imageUrl: string | null } | null>;
}

/** The booth colour of a new booth: the channel's brand colour, else the hall's. */
const DEFAULT_BOOTH_COLOR = "#1c7ed6";

function stateOf(row: TExhibitionRow, at: Date): TExhibitionState {
  if (at < row.opensAt) return "upcoming";
  if (at < row.closesAt) return "open";
  return "closed";
}

function insideLayout(row: TExhibitionRow, place: TSlotPlace): boolean {
  return place.aisle < row.aisles && place.index < row.slotsPerAisle;
}

function slotOf(row: TBoothRow): { aisle: number; index: number; label: string } | null {
  if (row.status !== "active" || row.aisle === null || row.slotIndex === null) return null;
  const place = { aisle: row.aisle, index: row.slotIndex };
  return { ...place, label: slotLabel(place) };
}

function product(content: TPublicContent): TBoothProduct {
  return { content_id: content.contentId, title: content.title, thumbnail_url: content.thumbnailUrl };
}

/** The text in `lang`, else the other language's. */
function inLang(texts: { en: string; ko: string }, lang: TExhibitionLang): string {
  const own = texts[lang].trim();
  return own !== "" ? texts[lang] : texts[lang === "en" ? "ko" : "en"];
}

/** Creates the exhibition service. */
export function createExhibitionService(deps: TExhibitionDeps): TExhibitionService {
  const { db, content, channels, accounts, visitors, now } = deps;

  async function levelOf(userId: string): Promise<TPlanLevel> {
    const info = await accounts.userInfo(userId);
    return planLevel(
      { active_plane: info.active_plane, payment_status: info.plane_info.subscribed, trial: info.trial },
      now(),
    );
  }

  function toExhibitionDoc(row: TExhibitionRow, boothCount: number): TExhibitionDoc {
    return {
      exhibition_id: row.id,
      name: row.name,
      description: row.description,
      opens_at: row.opensAt.toISOString(),
      closes_at: row.closesAt.toISOString(),
      categories: row.categories,
      layout: { aisles: row.aisles, slots_per_aisle: row.slotsPerAisle },
      theme_color: row.themeColor,
      published: row.published,
      state: stateOf(row, now()),
      slot_count: row.aisles * row.slotsPerAisle,
      booth_count: boothCount,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function exhibitionDocs(rows: TExhibitionRow[]): Promise<TExhibitionDoc[]> {
    const counts = await boothCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toExhibitionDoc(row, counts.get(row.id)?.active ?? 0));
  }

  async function exhibitionDoc(row: TExhibitionRow): Promise<TExhibitionDoc> {
    const [doc] = await exhibitionDocs([row]);
    if (!doc) throw new Error("exhibition doc missing");
    return doc;
  }

  function slotDocs(row: TExhibitionRow, booths: readonly TBoothRow[]): TSlotDoc[] {
    const taken = new Map<string, string>();
    for (const booth of booths) {
      if (booth.status === "active") taken.set(`${booth.aisle}:${booth.slotIndex}`, booth.id);
    }
    return slotsOf({ aisles: row.aisles, slots_per_aisle: row.slotsPerAisle }).map((place) => ({
      ...place,
      label: slotLabel(place),
      booth_id: taken.get(`${place.aisle}:${place.index}`) ?? null,
    }));
  }

  /** The ready products of booths, by content id (only contents of the booth's own owner). */
  async function productsOf(rows: readonly TBoothRow[]): Promise<Map<string, TPublicContent>> {
    const ids = [...new Set(rows.flatMap((r) => r.productIds))];
    const found = await content.readyContentsByIds(ids);
    return new Map(found.map((c) => [c.contentId, c]));
  }

  function productsOfBooth(row: TBoothRow, found: Map<string, TPublicContent>): TBoothProduct[] {
    return row.productIds.flatMap((id) => {
      const c = found.get(id);
      return c && c.ownerId === row.ownerId ? [product(c)] : [];
    });
  }

  function channelOf(row: TBoothRow, channel: TPublicChannelDoc | undefined) {
    return {
      user_channel_id: channel?.user_channel_id ?? row.channelId,
      channel_name: channel?.channel_name ?? "",
      logo_url: channel?.logo_url ?? null,
      brand_color: channel?.brand_color ?? DEFAULT_BOOTH_COLOR,
    };
  }

  function toCard(
    row: TBoothRow,
    channel: TPublicChannelDoc | undefined,
    products: TBoothProduct[],
    lang: TExhibitionLang,
  ): TBoothCard {
    const hero = products.find((p) => p.content_id === row.heroContentId) ?? products[0] ?? null;
    return {
      booth_id: row.id,
      exhibition_id: row.exhibitionId,
      owner_id: row.ownerId,
      status: row.status,
      slot: slotOf(row),
      channel: channelOf(row, channel),
      logo_text: row.logoText,
      booth_color: row.boothColor,
      image_urls: row.imageUrls,
      hero,
      product_count: products.length,
      category: row.category,
      pitch: inLang(row.pitch, lang),
      views: row.views,
    };
  }

  async function cards(rows: TBoothRow[], lang: TExhibitionLang): Promise<TBoothCard[]> {
    const [byOwner, found] = await Promise.all([
      channels.publicChannelsOfOwners(
        rows.map((r) => r.ownerId),
        lang,
      ),
      productsOf(rows),
    ]);
    return rows.map((row) => toCard(row, byOwner.get(row.ownerId), productsOfBooth(row, found), lang));
  }

  async function cardOf(row: TBoothRow): Promise<TBoothCard> {
    const [card] = await cards([row], "en");
    if (!card) throw new Error("booth card missing");
    return card;
  }

  /** A booth page: products capped by the owner's plan now, the video only when the plan has it. */
  async function page(row: TBoothRow, lang: TExhibitionLang, level: TPlanLevel): Promise<TBoothPage> {
    const [byOwner, found] = await Promise.all([
      channels.publicChannelsOfOwners([row.ownerId], lang),
      productsOf([row]),
    ]);
    const channel = byOwner.get(row.ownerId);
    const products = productsOfBooth(row, found).slice(0, countLimit(level, "booth_product"));
    const card = toCard(row, channel, products, lang);
    return {
      ...card,
      pitch_all: row.pitch,
      video_url: PLAN_LIMITS[level].exhibition.enable_video ? row.videoUrl : null,
      products,
      documents: row.documents,
      contact: {
        homepage_url: channel?.homepage_url ?? "",
        email: channel?.contact_email ?? null,
        phone: channel?.contact_phone ?? null,
      },
      profiles: channel?.profiles ?? [],
    };
  }

  async function ownerDoc(
    row: TBoothRow,
    lang: TExhibitionLang,
    level?: TPlanLevel,
  ): Promise<TBoothOwnerDoc> {
    const exhibition = await findExhibition(db, row.exhibitionId);
    if (!exhibition) throw new AppError("notFound");
    const [doc, ex] = await Promise.all([
      page(row, lang, level ?? (await levelOf(row.ownerId))),
      exhibitionDoc(exhibition),
    ]);
    // The owner sees what is saved, whatever the plan shows visitors today.
    return {
      ...doc,
      video_url: row.videoUrl,
      exhibition: ex,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function ownBooth(auth: TAuth, boothId: string): Promise<TBoothRow> {
    const row = await findBooth(db, boothId);
    // Someone else's booth answers exactly like a missing one.
    if (!row || row.ownerId !== auth.userId) throw new AppError("notFound");
    return row;
  }

  /** A booth visitors may see: active, in a published exhibition. */
  async function visibleBooth(boothId: string): Promise<{ row: TBoothRow; exhibition: TExhibitionRow }> {
    const row = await findBooth(db, boothId);
    if (row?.status !== "active") throw new AppError("notFound");
    const exhibition = await findExhibition(db, row.exhibitionId);
    if (!exhibition?.published) throw new AppError("notFound");
    return { row, exhibition };
  }

  async function publishedExhibition(exhibitionId: string): Promise<TExhibitionRow> {
    const row = await findExhibition(db, exhibitionId);
    if (!row?.published) throw new AppError("notFound");
    return row;
  }

  async function anyExhibition(exhibitionId: string): Promise<TExhibitionRow> {
    const row = await findExhibition(db, exhibitionId);
    if (!row) throw new AppError("notFound");
    return row;
  }

  function checkCategory(exhibition: TExhibitionRow, category: string | null | undefined): void {
    if (category === null || category === undefined) return;
    if (!exhibition.categories.some((c) => c.key === category)) {
      throw new AppError("validation", {
        fields: { category: "Please choose a category of this exhibition." },
      });
    }
  }

  async function checkUploads(
    auth: TAuth,
    named: [field: string, url: string][],
    kind: "image" | "video" | "file",
  ): Promise<void> {
    if (named.length === 0) return;
    const owned = await content.ownedUploadUrls(
      auth.userId,
      named.map(([, url]) => url),
      kind,
    );
    const fields: TFieldErrors = {};
    for (const [field, url] of named) if (!owned.has(url)) fields[field] = CODES.fileInvalid.message;
    if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
  }

  async function allowanceOf(userId: string, level: TPlanLevel): Promise<TBoothAllowance> {
    const limits = PLAN_LIMITS[level].exhibition;
    return {
      booths: limits.enable_booth_entry ? limits.limit_count_booth : 0,
      booths_used: await countOpenBooths(db, userId, now()),
      products: limits.limit_count_product,
      video: limits.enable_video,
      images: limits.enable_images,
      logo_text: limits.enable_logo_text,
    };
  }

  /** Moves a booth into a free slot; `slotTaken` when a booth stands there (also when two race). */
  async function placeBooth(row: TBoothRow, slot: TSlotPlace): Promise<TBoothRow> {
    const exhibition = await anyExhibition(row.exhibitionId);
    if (!insideLayout(exhibition, slot)) throw new AppError("slotTaken");
    try {
      const updated = await updateBooth(db, row.id, {
        status: "active",
        aisle: slot.aisle,
        slotIndex: slot.index,
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("slotTaken");
      throw error;
    }
  }

  function exhibitionValues(input: TExhibitionInput) {
    return {
      name: input.name,
      description: input.description,
      opensAt: new Date(input.opens_at),
      closesAt: new Date(input.closes_at),
      categories: input.categories,
      aisles: input.layout.aisles,
      slotsPerAisle: input.layout.slots_per_aisle,
      themeColor: input.theme_color,
    };
  }

  return {
    async listPublished() {
      const docs = await exhibitionDocs(await listExhibitions(db, true));
      const rank: Record<TExhibitionState, number> = { open: 0, upcoming: 1, closed: 2 };
      return docs.sort((a, b) => {
        if (a.state !== b.state) return rank[a.state] - rank[b.state];
        if (a.state === "open") return a.closes_at.localeCompare(b.closes_at);
        if (a.state === "upcoming") return a.opens_at.localeCompare(b.opens_at);
        return b.closes_at.localeCompare(a.closes_at);
      });
    },

    async hall(exhibitionId, lang) {
      const row = await publishedExhibition(exhibitionId);
      const booths = await boothsOfExhibition(db, row.id, true);
      const docs = await cards(booths, lang);
      return { doc: toExhibitionDoc(row, booths.length), slots: slotDocs(row, booths), booths: docs };
    },

    async boothPage(boothId, lang) {
      const { row, exhibition } = await visibleBooth(boothId);
      const [doc, ex] = await Promise.all([
        page(row, lang, await levelOf(row.ownerId)),
        exhibitionDoc(exhibition),
      ]);
      return { doc, exhibition: ex };
    },

    async boothProduct(boothId, contentId) {
      const { row } = await visibleBooth(boothId);
      const level = await levelOf(row.ownerId);
      const shown = row.productIds.slice(0, countLimit(level, "booth_product"));
      if (!shown.includes(contentId)) throw new AppError("notFound");
      const view = await content.visitorView(contentId);
      if (view?.status !== "ready" || !view.modelUrl || view.ownerId !== row.ownerId) {
        throw new AppError("notFound");
      }
      const platform = PLAN_LIMITS[level].platform;
      return {
        doc: {
          content_id: view.contentId,
          title: view.title,
          model_url: view.modelUrl,
          thumbnail_url: view.thumbnailUrl,
          build: view.build,
          specification: view.specification,
          dimensions: view.dimensions,
          views: view.views,
        },
        branding: { show_logo: !platform.remove_platform_logo, show_ads: !platform.remove_platform_ads },
      };
    },

    async countView(boothId, visitor) {
      const row = await findBooth(db, boothId);
      if (!row) throw new AppError("notFound");
      if (!(await visitors.firstToday(visitor, row.ownerId, `booth:${row.id}`))) return false;
      return addBoothView(db, row.id);
    },

    async mine(auth, lang) {
      const [rows, published, level, channel] = await Promise.all([
        boothsOfOwner(db, auth.userId),
        listExhibitions(db, true),
        levelOf(auth.userId),
        channels.channelOfOwner(auth.userId),
      ]);
      const taking = published.filter((row) => stateOf(row, now()) !== "closed");
      const docs = [];
      for (const row of rows) docs.push(await ownerDoc(row, lang, level));
      const counts = await boothCounts(
        db,
        taking.map((r) => r.id),
      );
      const exhibitions = [];
      for (const row of taking) {
        const booths = await boothsOfExhibition(db, row.id, true);
        exhibitions.push({
          doc: toExhibitionDoc(row, counts.get(row.id)?.active ?? 0),
          slots: slotDocs(row, booths),
        });
      }
      return {
        docs,
        exhibitions,
        allowance: await allowanceOf(auth.userId, level),
        has_channel: channel !== null,
      };
    },

    async apply(auth, exhibitionId, slot, category, lang) {
      const exhibition = await findExhibition(db, exhibitionId);
      if (!exhibition?.published) throw new AppError("notFound");
      if (stateOf(exhibition, now()) === "closed") throw new AppError("exhibitionNotTaking");
      checkCategory(exhibition, category);
      if (slot && !insideLayout(exhibition, slot)) throw new AppError("slotTaken");
      const channel = (await channels.publicChannelsOfOwners([auth.userId], lang)).get(auth.userId);
      if (!channel) throw new AppError("boothNeedsChannel");
      const level = await levelOf(auth.userId);
      const limits = PLAN_LIMITS[level].exhibition;
      const limit = limits.enable_booth_entry ? limits.limit_count_booth : 0;
      const at = now();
      let row: TBoothRow;
      try {
        row = await db.transaction(async (tx) => {
          // One owner's applications wait for each other, so two never both take the last place.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booth:${auth.userId}`}))`);
          if ((await countOpenBooths(tx, auth.userId, at)) >= limit) {
            throw new AppError("planLimit", { data: { limit: "booth" } });
          }
          return insertBooth(tx, {
            id: newId("booth"),
            exhibitionId: exhibition.id,
            ownerId: auth.userId,
            channelId: channel.user_channel_id,
            status: slot ? "active" : "requested",
            aisle: slot?.aisle ?? null,
            slotIndex: slot?.index ?? null,
            category,
            logoText: "",
            boothColor: /^#[0-9a-f]{6}$/i.test(channel.brand_color)
              ? channel.brand_color.toLowerCase()
              : DEFAULT_BOOTH_COLOR,
            imageUrls: [],
            videoUrl: null,
            productIds: [],
            heroContentId: null,
            pitch: { en: "", ko: "" },
            documents: [],
            createdAt: at,
            updatedAt: at,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("slotTaken");
        throw error;
      }
      return ownerDoc(row, lang, level);
    },

    async update(auth, input, lang) {
      const row = await ownBooth(auth, input.booth_id);
      const exhibition = await anyExhibition(row.exhibitionId);
      const level = await levelOf(auth.userId);
      const limits = PLAN_LIMITS[level].exhibition;
      checkCategory(exhibition, input.category);
      if (input.video_url && !limits.enable_video) {
        throw new AppError("planLimit", { data: { limit: "booth_video" } });
      }
      if (input.image_urls && input.image_urls.length > 0 && !limits.enable_images) {
        throw new AppError("planLimit", { data: { limit: "booth_images" } });
      }
      if (input.logo_text && !limits.enable_logo_text) {
        throw new AppError("planLimit", { data: { limit: "booth_logo_text" } });
      }
      const productIds = input.product_ids ?? row.productIds;
      if (
        input.product_ids &&
        input.product_ids.length > Math.min(countLimit(level, "booth_product"), BOOTH_PRODUCTS_MAX)
      ) {
        throw new AppError("planLimit", { data: { limit: "booth_product" } });
      }
      if (input.product_ids) {
        for (const id of input.product_ids) {
          const found = await content.ownContent(auth, id);
          if (found.status !== "ready") throw new AppError("contentNotReady", { data: { content_id: id } });
        }
      }
      let hero = input.hero_content_id === undefined ? row.heroContentId : input.hero_content_id;
      if (hero !== null && !productIds.includes(hero)) {
        if (input.hero_content_id !== undefined) {
          throw new AppError("validation", {
            fields: { hero_content_id: "The hero product must be one of the booth's products." },
          });
        }
        hero = null;
      }
      await checkUploads(
        auth,
        (input.image_urls ?? []).map((url, i) => [`image_urls.${i}`, url]),
        "image",
      );
      if (input.video_url) await checkUploads(auth, [["video_url", input.video_url]], "video");
      await checkUploads(
        auth,
        (input.documents ?? []).map((d, i) => [`documents.${i}.url`, d.url]),
        "file",
      );
      const updated = await updateBooth(
        db,
        row.id,
        {
          ...(input.logo_text !== undefined ? { logoText: input.logo_text } : {}),
          ...(input.booth_color !== undefined ? { boothColor: input.booth_color } : {}),
          ...(input.image_urls !== undefined ? { imageUrls: input.image_urls } : {}),
          ...(input.video_url !== undefined ? { videoUrl: input.video_url } : {}),
          ...(input.product_ids !== undefined ? { productIds: input.product_ids } : {}),
          heroContentId: hero,
          ...(input.pitch !== undefined ? { pitch: input.pitch } : {}),
          ...(input.documents !== undefined ? { documents: input.documents } : {}),
          ...(input.category !== undefined ? { category: input.category } : {}),
          updatedAt: now(),
        },
        auth.userId,
      );
      if (!updated) throw new AppError("notFound");
      return ownerDoc(updated, lang, level);
    },

    async remove(auth, boothId) {
      const row = await ownBooth(auth, boothId);
      if (!(await deleteBooth(db, row.id, auth.userId))) throw new AppError("notFound");
    },

    async listAll() {
      const rows = await listExhibitions(db, false);
      const counts = await boothCounts(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => ({
        ...toExhibitionDoc(row, counts.get(row.id)?.active ?? 0),
        request_count: counts.get(row.id)?.requested ?? 0,
      }));
    },

    async create(auth, input) {
      const at = now();
      const row = await insertExhibition(db, {
        id: newId("exhibition"),
        ...exhibitionValues(input),
        published: false,
        createdBy: auth.userId,
        createdAt: at,
        updatedAt: at,
      });
      return exhibitionDoc(row);
    },

    async edit(exhibitionId, input) {
      const row = await anyExhibition(exhibitionId);
      const before = await exhibitionDoc(row);
      if ((await boothsOutside(db, row.id, input.layout.aisles, input.layout.slots_per_aisle)) > 0) {
        throw new AppError("hallLayoutInUse");
      }
      const updated = await updateExhibition(db, row.id, { ...exhibitionValues(input), updatedAt: now() });
      if (!updated) throw new AppError("notFound");
      return { before, after: await exhibitionDoc(updated) };
    },

    async publish(exhibitionId, published) {
      const row = await anyExhibition(exhibitionId);
      const updated = await updateExhibition(db, row.id, { published, updatedAt: now() });
      if (!updated) throw new AppError("notFound");
      return exhibitionDoc(updated);
    },

    async adminBooths(exhibitionId) {
      const row = await anyExhibition(exhibitionId);
      const booths = await boothsOfExhibition(db, row.id, false);
      const active = booths.filter((b) => b.status === "active").length;
      return {
        doc: toExhibitionDoc(row, active),
        slots: slotDocs(row, booths),
        booths: await cards(booths, "en"),
      };
    },

    async assign(boothId, slot) {
      const row = await findBooth(db, boothId);
      if (!row) throw new AppError("notFound");
      const before = await cardOf(row);
      return { before, after: await cardOf(await placeBooth(row, slot)) };
    },

    async free(boothId) {
      const row = await findBooth(db, boothId);
      if (!row) throw new AppError("notFound");
      const before = await cardOf(row);
      const updated = await updateBooth(db, row.id, {
        status: "requested",
        aisle: null,
        slotIndex: null,
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      return { before, after: await cardOf(updated) };
    },

    async adminRemove(boothId) {
      const row = await findBooth(db, boothId);
      if (!row) throw new AppError("notFound");
      const before = await cardOf(row);
      if (!(await deleteBooth(db, row.id))) throw new AppError("notFound");
      return before;
    },

    async boothNames(boothIds) {
      const out = new Map<string, string>();
      const rows = [];
      for (const id of new Set(boothIds)) {
        const row = await findBooth(db, id);
        if (row) rows.push(row);
      }
      const byOwner = await channels.publicChannelsOfOwners(
        rows.map((r) => r.ownerId),
        "en",
      );
      for (const row of rows) {
        const name = row.logoText.trim() || byOwner.get(row.ownerId)?.channel_name || row.id;
        out.set(row.id, name);
      }
      return out;
    },

    async removeOwner(ownerId) {
      await deleteBoothsOfOwner(db, ownerId);
    },

    async preview(boothId) {
      try {
        const { row, exhibition } = await visibleBooth(boothId);
        const channel = (await channels.publicChannelsOfOwners([row.ownerId], "en")).get(row.ownerId);
        return {
          name: row.logoText.trim() || channel?.channel_name || "Booth",
          exhibition: exhibition.name.en,
          imageUrl: row.imageUrls[0] ?? channel?.logo_url ?? null,
        };
      } catch {
        return null;
      }
    },
  };
}
