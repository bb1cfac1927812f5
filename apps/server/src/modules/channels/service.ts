/**
 * The channels service: the owner's channel (create, read, update, contents on it, machine
 * translation), what visitors read (a channel in their language, one of its contents, the feed,
 * the showcase, channels by industry), channel views, and removal with the owner's account.
 *
 * Every owner path goes through `ownChannel`: another owner's channel answers `notFound` and is
 * never touched. Contents are reached only through the content service.
 */
import { createHash } from "node:crypto";
import {
  AppError,
  CODES,
  FEED_PAGE_SIZE,
  newId,
  PLAN_LIMITS,
  planLevel,
  type TBranding,
  type TChannelCard,
  type TChannelContentItem,
  type TChannelDoc,
  type TChannelLang,
  type TChannelUpdate,
  type TFeedItem,
  type TFieldErrors,
  type TIndustry,
  type TPublicChannelDoc,
  type TPublicContentCard,
  type TSharedContent,
  type TTranslatableField,
  type TTranslationInfo,
  type TUserInfo,
} from "@vitrine/contract";
import type { TChannelInfo } from "../../db/schema/channels";
import type { TAuth, TDrizzle } from "../../platform/types";
import type { TVisitor, TVisitorDays } from "../analytics/visitor-hash";
import type { TContentService, TPublicContent } from "../content/service";
import { emptyInfo, originalTexts, textsIn, toChannelDoc, toPublicDoc } from "./mapper";
import { channelMatchFacts, type TChannelMatchFacts, type TMatchQuery } from "./matching-facts";
import {
  addChannelView,
  cachedTranslations,
  cacheTranslations,
  channelOfOwner,
  channelsByIndustry,
  channelsOfOwners,
  deleteChannelOfOwner,
  featuredContentIds,
  findChannel,
  insertChannel,
  ownersOfIndustry,
  type TChannelRow,
  updateChannel,
} from "./queries";
import type { TTranslator } from "./translation";

/** What the channels service needs of the content module. */
export type TChannelsContentPort = Pick<
  TContentService,
  | "ownContent"
  | "list"
  | "update"
  | "visitorView"
  | "publicContents"
  | "publicContentsByIds"
  | "ownersWithPublicContent"
  | "ownedImageUrls"
  | "onContentsDeleted"
>;

/** What the channels service needs of the accounts module. */
export interface TChannelsAccountsPort {
  userInfo(userId: string): Promise<TUserInfo>;
}

/** The channels service's dependencies. */
export interface TChannelsDeps {
  db: TDrizzle;
  content: TChannelsContentPort;
  accounts: TChannelsAccountsPort;
  translator: TTranslator;
  visitors: TVisitorDays;
  now: () => Date;
}

/** What a channel page's preview (Open Graph) shows. */
export interface TChannelPreview {
  id: string;
  name: string;
  intro: string;
  imageUrl: string | null;
}

/** The channels service. */
export interface TChannelsService {
  translationInfo(): TTranslationInfo;
  mine(auth: TAuth): Promise<TChannelDoc | null>;
  create(auth: TAuth, name: string, originLang: TChannelLang): Promise<TChannelDoc>;
  update(auth: TAuth, input: TChannelUpdate): Promise<TChannelDoc>;
  contents(auth: TAuth, channelId: string): Promise<TChannelContentItem[]>;
  setContents(
    auth: TAuth,
    channelId: string,
    items: readonly { content_id: string; is_public: boolean }[],
    featuredId: string | null,
  ): Promise<TChannelContentItem[]>;
  translate(
    auth: TAuth,
    channelId: string,
    texts: Partial<Record<TTranslatableField, string>>,
    from: TChannelLang,
    to: TChannelLang,
  ): Promise<TChannelDoc>;
  /** A channel for visitors; `invalidChannel` for an unknown id. */
  read(channelId: string, lang: TChannelLang): Promise<{ doc: TPublicChannelDoc; istranscheck: boolean }>;
  /**
   * Adds one view unless this visitor's daily hash was counted for the channel today (the cookie
   * stops a browser that keeps it, the hash one that does not); `notFound` for an unknown channel.
   */
  countView(channelId: string, visitor: TVisitor): Promise<boolean>;
  /** A public ready content of the channel, with its owner's branding. */
  content(
    channelId: string,
    contentId: string,
  ): Promise<{
    doc: TSharedContent;
    branding: TBranding;
    channel: {
      user_channel_id: string;
      owner_id: string;
      channel_name: string;
      logo_url: string | null;
      brand_color: string;
    };
  }>;
  feed(
    kind: "feed" | "showcase",
    lang: TChannelLang,
    industry: TIndustry | null,
    cursor: string | null,
  ): Promise<{ docs: TFeedItem[]; next_cursor: string | null }>;
  list(lang: TChannelLang, industry: TIndustry | null): Promise<TChannelCard[]>;
  /** The owner id of a channel; null for an unknown one (the sharing module checks inflow with it). */
  channelOwner(channelId: string): Promise<string | null>;
  /** An owner's channel with its name in the original language (the share page's publisher). */
  channelOfOwner(ownerId: string): Promise<{ id: string; name: string } | null>;
  preview(channelId: string): Promise<TChannelPreview | null>;
  /**
   * The channels of some owners as visitors read them (texts in `lang`, no contents), by owner id;
   * booths show their channel's name, logo, colour, contact and profiles through it.
   */
  publicChannelsOfOwners(
    ownerIds: readonly string[],
    lang: TChannelLang,
  ): Promise<Map<string, TPublicChannelDoc>>;
  /** Deletes an owner's channel (account deleted). */
  removeOwner(ownerId: string): Promise<void>;
  /** Matching (issue 14): rules and text similarity of channels for an inquiry, computed in SQL. */
  matchFacts(channelIds: readonly string[], query: TMatchQuery): Promise<TChannelMatchFacts[]>;
}

/** Most contents a channel page lists. */
const CHANNEL_PAGE_CONTENTS = 500;
/** Most items of the showcase. */
const SHOWCASE_SIZE = 48;
/** Most channels `/Reference` lists. */
const REFERENCE_SIZE = 100;

function card(content: TPublicContent, featuredId: string | null): TPublicContentCard {
  return {
    content_id: content.contentId,
    title: content.title,
    thumbnail_url: content.thumbnailUrl,
    views: content.views,
    is_featured: content.contentId === featuredId,
    created_at: content.createdAt.toISOString(),
  };
}

/** Puts `items` in the channel's order: named ids first, the rest after in their given order. */
function inChannelOrder<T>(items: readonly T[], idOf: (item: T) => string, order: readonly string[]): T[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return items
    .map((item, index) => ({ item, index, rank: rank.get(idOf(item)) ?? order.length + index }))
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.item);
}

function encodeCursor(content: TPublicContent): string {
  return Buffer.from(`${content.createdAt.toISOString()}|${content.contentId}`).toString("base64url");
}

function decodeCursor(cursor: string | null): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at = "", id = ""] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || id === "") {
    throw new AppError("validation", { fields: { cursor: "This page is no longer available." } });
  }
  return { createdAt, id };
}

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Creates the channels service. */
export function createChannelsService(deps: TChannelsDeps): TChannelsService {
  const { db, content, accounts, translator, visitors, now } = deps;

  async function ownChannel(auth: TAuth, channelId: string): Promise<TChannelRow> {
    const row = await findChannel(db, channelId);
    // Someone else's channel answers exactly like a missing one.
    if (!row || row.ownerId !== auth.userId) throw new AppError("notFound");
    return row;
  }

  /** Images named by an update must be the owner's own uploads. */
  async function checkImages(auth: TAuth, input: TChannelUpdate): Promise<void> {
    const named: [string, string][] = [];
    if (input.logo_url) named.push(["logo_url", input.logo_url]);
    if (input.cover_url) named.push(["cover_url", input.cover_url]);
    input.profiles?.forEach((p, i) => {
      if (p.photo_url) named.push([`profiles.${i}.photo_url`, p.photo_url]);
    });
    if (named.length === 0) return;
    const owned = await content.ownedImageUrls(
      auth.userId,
      named.map(([, url]) => url),
    );
    const fields: TFieldErrors = {};
    for (const [field, url] of named) if (!owned.has(url)) fields[field] = CODES.fileInvalid.message;
    if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
  }

  async function brandingOf(ownerId: string): Promise<TBranding> {
    const info = await accounts.userInfo(ownerId);
    const level = planLevel(
      { active_plane: info.active_plane, payment_status: info.plane_info.subscribed, trial: info.trial },
      now(),
    );
    const platform = PLAN_LIMITS[level].platform;
    return { show_logo: !platform.remove_platform_logo, show_ads: !platform.remove_platform_ads };
  }

  async function managedContents(auth: TAuth, row: TChannelRow): Promise<TChannelContentItem[]> {
    const all = await content.list(auth, "", "created");
    const items = all.map((c) => ({
      content_id: c.content_id,
      title: c.title,
      status: c.status,
      is_public: c.is_public,
      is_featured: c.content_id === row.featuredContentId,
      thumbnail_url: c.thumbnail_url,
      views: c.views,
    }));
    return inChannelOrder(items, (i) => i.content_id, row.contentOrder);
  }

  /** The feed's items with their channels; contents of owners without a channel are left out. */
  async function withChannels(contents: TPublicContent[], lang: TChannelLang): Promise<TFeedItem[]> {
    const owners = [...new Set(contents.map((c) => c.ownerId))];
    const byOwner = new Map((await channelsOfOwners(db, owners)).map((row) => [row.ownerId, row]));
    return contents.flatMap((c) => {
      const row = byOwner.get(c.ownerId);
      if (!row) return [];
      return [
        {
          ...card(c, row.featuredContentId),
          channel: {
            user_channel_id: row.id,
            channel_name: textsIn(row, lang).texts.channel_name,
            logo_url: row.info.logo_url,
            industry: row.industry,
          },
        },
      ];
    });
  }

  return {
    translationInfo() {
      return translator.info;
    },

    async mine(auth) {
      const row = await channelOfOwner(db, auth.userId);
      return row ? toChannelDoc(row) : null;
    },

    async create(auth, name, originLang) {
      const at = now();
      const row = await insertChannel(db, {
        id: newId("channel"),
        ownerId: auth.userId,
        name,
        originLang,
        info: emptyInfo(),
        industry: null,
        transinfo: { en: {}, ko: {} },
        transSource: { en: {}, ko: {} },
        profiles: [],
        contentOrder: [],
        featuredContentId: null,
        createdAt: at,
        updatedAt: at,
      });
      if (!row) throw new AppError("channelExists");
      return toChannelDoc(row);
    },

    async update(auth, input) {
      const row = await ownChannel(auth, input.user_channel_id);
      await checkImages(auth, input);
      const business = { ...row.info.business, ...(input.channel_global_business_info ?? {}) };
      if (business.industry !== "other") business.industry_other = "";
      const info: TChannelInfo = {
        ...row.info,
        ...(input.channel_intro !== undefined ? { channel_intro: input.channel_intro } : {}),
        ...(input.homepage_url !== undefined ? { homepage_url: input.homepage_url } : {}),
        ...(input.contact_email !== undefined ? { contact_email: input.contact_email } : {}),
        ...(input.contact_phone !== undefined ? { contact_phone: input.contact_phone } : {}),
        ...(input.show_contact !== undefined ? { show_contact: input.show_contact } : {}),
        ...(input.country !== undefined ? { country: input.country } : {}),
        ...(input.languages !== undefined ? { languages: input.languages } : {}),
        ...(input.logo_url !== undefined ? { logo_url: input.logo_url } : {}),
        ...(input.cover_url !== undefined ? { cover_url: input.cover_url } : {}),
        ...(input.brand_color !== undefined ? { brand_color: input.brand_color.toLowerCase() } : {}),
        business,
      };
      const transinfo = {
        en: input.transinfo?.en ?? row.transinfo.en,
        ko: input.transinfo?.ko ?? row.transinfo.ko,
      };
      const updated = await updateChannel(db, row.id, auth.userId, {
        ...(input.channel_name !== undefined ? { name: input.channel_name } : {}),
        ...(input.origin_lang !== undefined ? { originLang: input.origin_lang } : {}),
        info,
        industry: business.industry,
        transinfo,
        transSource: input.trans_source ?? row.transSource,
        ...(input.profiles !== undefined ? { profiles: input.profiles } : {}),
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      return toChannelDoc(updated);
    },

    async contents(auth, channelId) {
      return managedContents(auth, await ownChannel(auth, channelId));
    },

    async setContents(auth, channelId, items, featuredId) {
      const row = await ownChannel(auth, channelId);
      // Check every content first, so a refused item leaves everything as it was.
      const owned = [];
      for (const item of items) {
        const found = await content.ownContent(auth, item.content_id);
        if (item.is_public && found.status !== "ready") {
          throw new AppError("contentNotReady", { data: { content_id: item.content_id } });
        }
        owned.push({ item, isPublic: found.isPublic });
      }
      for (const { item, isPublic } of owned) {
        if (item.is_public !== isPublic) {
          await content.update(auth, { content_id: item.content_id, is_public: item.is_public });
        }
      }
      const updated = await updateChannel(db, row.id, auth.userId, {
        contentOrder: items.map((i) => i.content_id),
        featuredContentId: featuredId,
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      return managedContents(auth, updated);
    },

    async translate(auth, channelId, texts, from, to) {
      const row = await ownChannel(auth, channelId);
      const entries = Object.entries(texts).filter(([, text]) => text.trim() !== "") as [
        TTranslatableField,
        string,
      ][];
      const key = { provider: translator.info.provider, sourceLang: from, targetLang: to };
      if (translator.info.provider === "none") throw new AppError("translationOff");
      const hashes = entries.map(([, text]) => hashOf(text));
      const cached = await cachedTranslations(db, key, hashes);
      const missing = entries.filter((_, i) => !cached.has(hashes[i] ?? ""));
      const fresh = await translator.translate(
        missing.map(([, text]) => text),
        from,
        to,
      );
      const made = missing.map(([, text], i) => ({ hash: hashOf(text), text: fresh[i] ?? "" }));
      await cacheTranslations(db, key, made);
      for (const entry of made) cached.set(entry.hash, entry.text);
      const target = { ...row.transinfo[to] };
      const sources = { ...row.transSource[to] };
      entries.forEach(([field], i) => {
        target[field] = (cached.get(hashes[i] ?? "") ?? "").slice(0, 2000);
        sources[field] = "machine";
      });
      const updated = await updateChannel(db, row.id, auth.userId, {
        transinfo: { ...row.transinfo, [to]: target },
        transSource: { ...row.transSource, [to]: sources },
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      return toChannelDoc(updated);
    },

    async read(channelId, lang) {
      const row = await findChannel(db, channelId);
      if (!row) throw new AppError("invalidChannel");
      const contents = await content.publicContents({
        ownerIds: [row.ownerId],
        sort: "new",
        limit: CHANNEL_PAGE_CONTENTS,
      });
      const cards = inChannelOrder(
        contents.map((c) => card(c, row.featuredContentId)),
        (c) => c.content_id,
        row.contentOrder,
      );
      const doc = toPublicDoc(row, lang, cards);
      return { doc, istranscheck: doc.untranslated.length === 0 };
    },

    async countView(channelId, visitor) {
      const row = await findChannel(db, channelId);
      if (!row) throw new AppError("notFound");
      if (!(await visitors.firstToday(visitor, row.ownerId, `channel:${row.id}`))) return false;
      return addChannelView(db, row.id);
    },

    async content(channelId, contentId) {
      const row = await findChannel(db, channelId);
      if (!row) throw new AppError("notFound");
      const view = await content.visitorView(contentId);
      if (view?.status !== "ready" || !view.isPublic || !view.modelUrl || view.ownerId !== row.ownerId) {
        throw new AppError("notFound");
      }
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
        branding: await brandingOf(row.ownerId),
        channel: {
          user_channel_id: row.id,
          owner_id: row.ownerId,
          channel_name: row.name,
          logo_url: row.info.logo_url,
          brand_color: row.info.brand_color,
        },
      };
    },

    async feed(kind, lang, industry, cursor) {
      const ownerIds = industry === null ? null : await ownersOfIndustry(db, industry);
      if (kind === "feed") {
        const page = await content.publicContents({
          ownerIds,
          sort: "new",
          limit: FEED_PAGE_SIZE,
          before: decodeCursor(cursor),
        });
        const last = page.at(-1);
        return {
          docs: await withChannels(page, lang),
          next_cursor: page.length === FEED_PAGE_SIZE && last ? encodeCursor(last) : null,
        };
      }
      const featured = await content.publicContentsByIds(await featuredContentIds(db, industry));
      const popular = await content.publicContents({ ownerIds, sort: "views", limit: SHOWCASE_SIZE });
      const seen = new Set<string>();
      const merged = [...featured.sort((a, b) => b.views - a.views), ...popular].filter((c) => {
        if (seen.has(c.contentId)) return false;
        seen.add(c.contentId);
        return true;
      });
      return { docs: (await withChannels(merged, lang)).slice(0, SHOWCASE_SIZE), next_cursor: null };
    },

    async list(lang, industry) {
      const rows = await channelsByIndustry(db, industry, REFERENCE_SIZE * 2);
      // Only channels with something to show are use cases.
      const withContent = await content.ownersWithPublicContent(rows.map((r) => r.ownerId));
      return rows
        .filter((row) => withContent.has(row.ownerId))
        .slice(0, REFERENCE_SIZE)
        .map((row) => {
          const { texts } = textsIn(row, lang);
          return {
            user_channel_id: row.id,
            channel_name: texts.channel_name,
            channel_intro: texts.channel_intro.slice(0, 300),
            logo_url: row.info.logo_url,
            cover_url: row.info.cover_url,
            industry: row.industry,
            country: row.info.country,
            views: row.views,
          };
        });
    },

    async channelOwner(channelId) {
      return (await findChannel(db, channelId))?.ownerId ?? null;
    },

    async channelOfOwner(ownerId) {
      const row = await channelOfOwner(db, ownerId);
      return row ? { id: row.id, name: originalTexts(row).channel_name } : null;
    },

    async preview(channelId) {
      const row = await findChannel(db, channelId);
      if (!row) return null;
      const texts = originalTexts(row);
      return {
        id: row.id,
        name: texts.channel_name,
        intro: texts.channel_intro,
        imageUrl: row.info.cover_url ?? row.info.logo_url,
      };
    },

    async publicChannelsOfOwners(ownerIds, lang) {
      const rows = await channelsOfOwners(db, [...new Set(ownerIds)]);
      return new Map(rows.map((row) => [row.ownerId, toPublicDoc(row, lang, [])]));
    },

    async removeOwner(ownerId) {
      await deleteChannelOfOwner(db, ownerId);
    },

    matchFacts: (channelIds, query) => channelMatchFacts(db, channelIds, query),
  };
}
