/**
 * The channel as visitors read it (SPEC §2 channel page, feed, showcase and `/Reference`): the
 * public document, content cards, feed items and channel cards.
 */
import { z } from "zod";
import { CHANNEL_LANGS, TRANSLATABLE_FIELDS, ZBusinessInfo } from "./channels-schemas";

/** A content card on a channel, the feed or the showcase. */
export const ZPublicContentCard = z.object({
  content_id: z.string(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
  views: z.number().int().min(0),
  is_featured: z.boolean(),
  created_at: z.string(),
});
/** A content card. */
export type TPublicContentCard = z.infer<typeof ZPublicContentCard>;

/** The channel as a visitor reads it, texts in the asked language where a translation exists. */
export const ZPublicChannelDoc = z.object({
  user_channel_id: z.string(),
  /** The owner's user id, so a signed-in owner sees 'Go to My Channel'. */
  owner_id: z.string(),
  channel_name: z.string(),
  channel_intro: z.string(),
  homepage_url: z.string(),
  /** Null unless the owner chose to show them. */
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  country: z.string().nullable(),
  languages: z.array(z.string()),
  logo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  brand_color: z.string(),
  views: z.number().int().min(0),
  channel_global_business_info: ZBusinessInfo,
  profiles: z.array(
    z.object({
      profile_id: z.string(),
      name: z.string(),
      job_title: z.string(),
      photo_url: z.string().nullable(),
      languages: z.array(z.string()),
      email: z.string(),
    }),
  ),
  contents: z.array(ZPublicContentCard),
  /** The language the texts were asked in, and the one the owner writes in. */
  lang: z.enum(CHANNEL_LANGS),
  origin_lang: z.enum(CHANNEL_LANGS),
  /** Fields shown in the original language because no translation exists. */
  untranslated: z.array(z.enum(TRANSLATABLE_FIELDS)),
  /** Fields whose text is a machine translation. */
  machine_translated: z.array(z.enum(TRANSLATABLE_FIELDS)),
});
/** A public channel. */
export type TPublicChannelDoc = z.infer<typeof ZPublicChannelDoc>;

/** A content card with its channel, for the feed and the showcase. */
export const ZFeedItem = ZPublicContentCard.extend({
  channel: z.object({
    user_channel_id: z.string(),
    channel_name: z.string(),
    logo_url: z.string().nullable(),
    industry: z.string().nullable(),
  }),
});
/** A feed item. */
export type TFeedItem = z.infer<typeof ZFeedItem>;

/** Items one feed page answers. */
export const FEED_PAGE_SIZE = 24;

/** A channel card for `/Reference`. */
export const ZChannelCard = z.object({
  user_channel_id: z.string(),
  channel_name: z.string(),
  channel_intro: z.string(),
  logo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  views: z.number().int().min(0),
});
/** A channel card. */
export type TChannelCard = z.infer<typeof ZChannelCard>;
