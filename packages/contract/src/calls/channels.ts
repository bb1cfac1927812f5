/**
 * Channels (issue 10; SPEC §2 channel page and settings, §3 Channel, §4 channel states and view
 * counting, §5 DUNS and images, §7 the channel calls). A channel is the business: one per owner
 * account, id `channel_` + UUID, its public home at `/Channel/:id`.
 *
 * Texts: the owner writes the originals in `origin_lang`; `transinfo.{ko,en}` hold the other
 * language's texts of the translatable fields, each marked `machine` or `owner` in `trans_source`.
 *
 * This file declares the calls; their schemas are in `channels-schemas.ts` (the owner's channel)
 * and `channels-public-schemas.ts` (what visitors read).
 */
import { z } from "zod";
import { defineCall, ZEmpty } from "../call";
import { INDUSTRIES } from "../channel-data";
import { ZChannelCard, ZFeedItem, ZPublicChannelDoc } from "./channels-public-schemas";
import {
  CHANNEL_CONTENTS_MAX,
  CHANNEL_LANGS,
  CHANNEL_MESSAGES,
  CHANNEL_TEXT_MAX,
  ZChannelContentItem,
  ZChannelDoc,
  ZChannelUpdate,
  ZTransData,
  ZTranslationInfo,
} from "./channels-schemas";
import { text } from "./fields";
import { ZBranding, ZSharedContent } from "./sharing";

// The schemas are part of this module's exports: `calls/index.ts` re-exports this file.
export * from "./channels-public-schemas";
export * from "./channels-schemas";

/** The owner's channel, or null before one is created (SPEC §4). */
export const myChannelCall = defineCall({
  path: "/api/business/request_business_userEmailById_MyChannel",
  module: "channels",
  input: ZEmpty,
  output: z.object({ doc: ZChannelDoc.nullable(), translation: ZTranslationInfo }),
  auth: "owner",
  summary: "The caller's channel (`data.doc`, null when none yet) and the translation provider in use.",
});

/** Creates the caller's channel; one per account. */
export const channelCreateCall = defineCall({
  path: "/api/business/request_business_channel_create",
  module: "channels",
  input: z
    .object({
      channel_name: text(CHANNEL_TEXT_MAX.channel_name).refine((v) => v !== "", {
        message: CHANNEL_MESSAGES.emptyName,
      }),
      origin_lang: z.enum(CHANNEL_LANGS).default("en"),
    })
    .strict(),
  output: z.object({ doc: ZChannelDoc }),
  auth: "owner",
  summary:
    "Creates the caller's channel (id `channel_` + UUID) with 'Channel created.'; a second one answers `channelExists`.",
});

/** Saves one section of the caller's channel. */
export const channelUpdateCall = defineCall({
  path: "/api/business/request_business_channel_update",
  module: "channels",
  input: ZChannelUpdate,
  output: z.object({ doc: ZChannelDoc }),
  auth: "owner",
  summary:
    "Saves the fields sent (basic info, branding, business and export info, translations, profiles) with 'Update applied.'. Images must be the owner's uploads; another owner's channel answers `notFound`.",
});

/** The owner's contents in channel order (public ones first, in the owner's order). */
export const channelContentsCall = defineCall({
  path: "/api/business/request_business_channel_contents",
  module: "channels",
  input: z.object({ user_channel_id: z.string().min(1).max(80) }).strict(),
  output: z.object({ docs: z.array(ZChannelContentItem) }),
  auth: "owner",
  summary: "The caller's contents with their channel visibility, order and the featured one.",
});

/** Sets which contents are public on the channel, their order, and the featured one. */
export const channelContentsUpdateCall = defineCall({
  path: "/api/business/request_business_channel_contents_update",
  module: "channels",
  input: z
    .object({
      user_channel_id: z.string().min(1).max(80),
      /** In channel order. Contents not named keep their visibility and go after these. */
      contents: z
        .array(z.object({ content_id: z.string().min(1).max(80), is_public: z.boolean() }).strict())
        .max(CHANNEL_CONTENTS_MAX)
        .refine((items) => new Set(items.map((i) => i.content_id)).size === items.length, {
          message: CHANNEL_MESSAGES.duplicateContent,
        }),
      featured_content_id: z.string().min(1).max(80).nullable(),
    })
    .strict()
    .refine(
      (v) =>
        v.featured_content_id === null ||
        v.contents.some((c) => c.content_id === v.featured_content_id && c.is_public),
      { message: CHANNEL_MESSAGES.featuredNotPublic, path: ["featured_content_id"] },
    ),
  output: z.object({ docs: z.array(ZChannelContentItem) }),
  auth: "owner",
  summary:
    "Makes contents public or not on the channel, orders them and picks one featured content with 'Update applied.'. A content that is not ready answers `contentNotReady`.",
});

/** A channel for visitors (SPEC §7), no token. */
export const channelPublicCall = defineCall({
  path: "/api/business/request_business_ChannelById_UserChannel",
  module: "channels",
  input: z.object({ user_channel_id: z.string().min(1).max(80), lang: z.enum(CHANNEL_LANGS) }).strict(),
  output: z.object({
    doc: ZPublicChannelDoc,
    /** True when every text is in the asked language (the original language, or translated). */
    istranscheck: z.boolean(),
  }),
  auth: "none",
  summary:
    "A channel with its public ready contents (`data.doc`) and whether every text is in the asked language (`data.istranscheck`); `invalidChannel` for an unknown id.",
});

/** Machine-translates texts of the caller's channel and stores them as machine translations. */
export const channelAutoTranslateCall = defineCall({
  path: "/api/business/request_business_channel_auto_translation",
  module: "channels",
  input: z
    .object({
      user_channel_id: z.string().min(1).max(80),
      trans_data: ZTransData,
      target_lang: z.enum(CHANNEL_LANGS),
      origin_lang: z.enum(CHANNEL_LANGS).default("en"),
    })
    .strict()
    .refine((v) => v.target_lang !== v.origin_lang, {
      message: "Choose another language to translate into.",
      path: ["target_lang"],
    }),
  output: z.object({ doc: ZChannelDoc }),
  auth: "owner",
  rate: "heavy",
  summary:
    "Translates the given texts (SPEC §7, origin `en` by default) into `transinfo[target_lang]`, marked machine; `translationOff` with no provider configured.",
});

/** Counts a visit of a channel page: once a day per visitor (SPEC §4 channel cookie). */
export const channelVisitCall = defineCall({
  path: "/api/business/request_business_Connect_update_visit_channel_count",
  module: "channels",
  input: z.object({ user_channel_id: z.string().min(1).max(80) }).strict(),
  output: z.object({ counted: z.boolean() }),
  auth: "none",
  summary: "Counts one view of a channel unless this visitor's day cookie for it is present.",
});

/** One public content of a channel, to show in the viewer on the channel content page. */
export const channelContentCall = defineCall({
  path: "/api/business/request_business_ChannelContent_UserChannel",
  module: "channels",
  input: z
    .object({ user_channel_id: z.string().min(1).max(80), user_contents_id: z.string().min(1).max(80) })
    .strict(),
  output: z.object({
    doc: ZSharedContent,
    branding: ZBranding,
    channel: z.object({
      user_channel_id: z.string(),
      /** The channel owner's user id, for the visitor's view rows (`contentOwnerId`). */
      owner_id: z.string(),
      channel_name: z.string(),
      logo_url: z.string().nullable(),
      brand_color: z.string(),
    }),
  }),
  auth: "none",
  summary:
    "A public ready content of a channel with the owner's branding; `notFound` otherwise. Counts nothing.",
});

/** The feed (newest first, pages by cursor) and the showcase (featured and most viewed). */
export const feedCall = defineCall({
  path: "/api/business/request_business_feed",
  module: "channels",
  input: z
    .object({
      kind: z.enum(["feed", "showcase"]),
      lang: z.enum(CHANNEL_LANGS),
      industry: z.enum(INDUSTRIES).nullable().default(null),
      /** The `next_cursor` of the previous page (feed only). */
      cursor: z.string().max(200).nullable().default(null),
    })
    .strict(),
  output: z.object({ docs: z.array(ZFeedItem), next_cursor: z.string().nullable() }),
  auth: "none",
  summary:
    "Public ready contents of every channel: the feed newest first in pages of 24, the showcase featured then most viewed; both filterable by industry.",
});

/** Channels by industry, as use cases (`/Reference`). */
export const channelListCall = defineCall({
  path: "/api/business/request_business_channel_list",
  module: "channels",
  input: z
    .object({ lang: z.enum(CHANNEL_LANGS), industry: z.enum(INDUSTRIES).nullable().default(null) })
    .strict(),
  output: z.object({ docs: z.array(ZChannelCard) }),
  auth: "none",
  summary: "Channels with at least one public content, most viewed first (at most 100), by industry.",
});
