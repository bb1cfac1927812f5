/**
 * What visitors read of channels: a channel in their language with its public contents, one of
 * its contents (with the owner's branding), channel views (once per visitor and day), the feed,
 * the showcase, `/Reference` (channels by industry) and a channel page's preview.
 */
import {
  AppError,
  FEED_PAGE_SIZE,
  PLAN_LIMITS,
  planLevel,
  type TBranding,
  type TChannelCard,
  type TChannelLang,
  type TFeedItem,
  type TIndustry,
  type TPublicChannelDoc,
  type TSharedContent,
} from "@vitrine/contract";
import type { TVisitor } from "../analytics/service";
import { sharedContentDoc } from "../content/index";
import type { TPublicContent } from "../content/service";
import type { TChannelsDeps } from "./deps";
import { card, inChannelOrder, originalTexts, textsIn, toPublicDoc } from "./mapper";
import {
  addChannelView,
  channelsByIndustry,
  channelsOfOwners,
  featuredContentIds,
  findChannel,
  ownersOfIndustry,
} from "./queries";

/** What a channel page's preview (Open Graph) shows. */
export interface TChannelPreview {
  id: string;
  name: string;
  intro: string;
  imageUrl: string | null;
}

/** What visitors read. */
export interface TPublicChannels {
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
  preview(channelId: string): Promise<TChannelPreview | null>;
}

/** Most contents a channel page lists. */
const CHANNEL_PAGE_CONTENTS = 500;
/** Most items of the showcase. */
const SHOWCASE_SIZE = 48;
/** Most channels `/Reference` lists. */
const REFERENCE_SIZE = 100;

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

/** Creates what visitors read. */
export function createPublicChannels(
  deps: Pick<TChannelsDeps, "db" | "content" | "accounts" | "visitors" | "now">,
): TPublicChannels {
  const { db, content, accounts, visitors, now } = deps;

  async function brandingOf(ownerId: string): Promise<TBranding> {
    const info = await accounts.userInfo(ownerId);
    const level = planLevel(
      { active_plane: info.active_plane, payment_status: info.plane_info.subscribed, trial: info.trial },
      now(),
    );
    const platform = PLAN_LIMITS[level].platform;
    return { show_logo: !platform.remove_platform_logo, show_ads: !platform.remove_platform_ads };
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
        doc: sharedContentDoc(view),
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
  };
}
