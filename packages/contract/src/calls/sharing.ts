/**
 * Share links, visitor access and view counting (issue 5; SPEC §2 `/share/:id`, §4 view counting,
 * §6 share-link limits, §7 share-link and visit-count calls).
 *
 * Decisions (docs/architecture.md "Share links"):
 * - The plan's share-link limit (1 / 3 / 10) counts the links of one content.
 * - `sharelink_url` is 32 characters of base64url (192 random bits); it is the only name of a link.
 * - Three kinds: `open`, `password` (Standard and up; argon2id hash; a correct password sets a
 *   short-lived cookie valid for that link only), and `sealed` (the owner's browser encrypts a
 *   snapshot with a fresh AES-GCM key that travels in the URL fragment; the server keeps only
 *   ciphertext, uploaded with `POST /api/upload/sealed`).
 * - Every successful resolve counts one access in the link's month (UTC); past the plan's monthly
 *   limit the link answers `shareLinkMonthlyLimit` until the next month.
 */
import { z } from "zod";
import { defineCall } from "../call";
import { ZBlobUrl, ZBuild, ZSpecification, ZVec3 } from "./content-schemas";

/** Kinds of share link. */
export const SHARE_LINK_KINDS = ["open", "password", "sealed"] as const;
/** A kind of share link. */
export type TShareLinkKind = (typeof SHARE_LINK_KINDS)[number];

/** Length of a `sharelink_url` (base64url of 24 random bytes). */
export const SHARE_LINK_URL_LENGTH = 32;

/** A share link's public name. */
export const ZShareLinkUrl = z.string().regex(/^[A-Za-z0-9_-]{32}$/, { message: "This link is not valid." });

/** Shortest and longest share-link password (SPEC §9: 6 to 20 characters). */
export const SHARE_PASSWORD_MIN = 6;
/** Longest share-link password. */
export const SHARE_PASSWORD_MAX = 20;
/** A share-link password: 6 to 20 characters of any kind. */
export const ZShareLinkPassword = z
  .string({ error: "Please enter a password." })
  .min(SHARE_PASSWORD_MIN, { message: "Use 6 to 20 characters." })
  .max(SHARE_PASSWORD_MAX, { message: "Use 6 to 20 characters." });

/** Largest sealed (encrypted) snapshot accepted, in bytes. */
export const SEALED_MAX_BYTES = 150 * 1024 * 1024;

/** A share link as its owner sees it. */
export const ZShareLinkDoc = z.object({
  sharelink_url: z.string(),
  content_id: z.string(),
  kind: z.enum(SHARE_LINK_KINDS),
  /** Accesses in the current month (UTC). */
  month_access: z.number().int().min(0),
  /** The plan's monthly access limit per link; null when unlimited. */
  month_limit: z.number().int().min(0).nullable(),
  total_access: z.number().int().min(0),
  /** Bytes of ciphertext for a sealed link; null otherwise. */
  sealed_bytes: z.number().int().min(0).nullable(),
  created_at: z.string(),
});
/** A share link. */
export type TShareLinkDoc = z.infer<typeof ZShareLinkDoc>;

/** What the owner's plan allows for the links of one content. */
export const ZShareLinkAllowance = z.object({
  /** Links a content may have (1 / 3 / 10). */
  limit: z.number().int().min(0),
  /** Password links allowed (Standard and up). */
  can_password: z.boolean(),
  /** Monthly access limit per link; null when unlimited. */
  month_limit: z.number().int().min(0).nullable(),
});
/** A plan's share-link allowance. */
export type TShareLinkAllowance = z.infer<typeof ZShareLinkAllowance>;

/** Platform branding shown around a shared content (SPEC §6: removed on Advanced and trial). */
export const ZBranding = z.object({ show_logo: z.boolean(), show_ads: z.boolean() });
/** Branding flags. */
export type TBranding = z.infer<typeof ZBranding>;

/** A content as a visitor gets it. */
export const ZSharedContent = z.object({
  content_id: z.string(),
  title: z.string(),
  model_url: z.string(),
  thumbnail_url: z.string().nullable(),
  build: ZBuild,
  specification: ZSpecification,
  /** Bounding-box size in metres, for the toolbar's size action; null when unknown. */
  dimensions: ZVec3.nullable(),
  views: z.number().int().min(0),
});
/** A shared content. */
export type TSharedContent = z.infer<typeof ZSharedContent>;

/**
 * Who shared a content, as visitors see it: the owner's channel name with `href` to the channel;
 * with no channel, an empty name and no link (the e-mail ID is a sign-in name, never published).
 * `owner_id` goes into the visitor's page-view rows (`contentOwnerId`).
 */
export const ZSharePublisher = z.object({
  owner_id: z.string(),
  name: z.string(),
  /** The publisher's channel page, or null while there is none. */
  href: z.string().nullable(),
});
/** Who shared a content. */
export type TSharePublisher = z.infer<typeof ZSharePublisher>;

/** What a share link resolves to: the content, or (sealed) where its ciphertext is. */
export const ZSharedDoc = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("content"),
    sharelink_url: z.string(),
    content: ZSharedContent,
    branding: ZBranding,
    publisher: ZSharePublisher,
  }),
  z.object({
    kind: z.literal("sealed"),
    sharelink_url: z.string(),
    sealed_url: ZBlobUrl,
    sealed_bytes: z.number().int().min(0),
    branding: ZBranding,
    /** Shown once the snapshot is opened, beside its title (which only the snapshot holds). */
    publisher: ZSharePublisher,
  }),
]);
/** A resolved share link. */
export type TSharedDoc = z.infer<typeof ZSharedDoc>;

/** Creates an open or password link for one of the owner's ready contents. */
export const shareLinkCreateCall = defineCall({
  path: "/api/sharelink/request_create",
  module: "sharing",
  input: z
    .object({
      content_id: z.string().min(1).max(80),
      /** Present: a password link (Standard and up). */
      password: ZShareLinkPassword.optional(),
    })
    .strict(),
  output: z.object({ doc: ZShareLinkDoc }),
  auth: "owner",
  summary:
    'Creates a share link (optionally with a password, Standard and up). Limit per content 1 / 3 / 10 by plan level: `planLimit` with `data.limit = "sharelink"`.',
});

/** The links of one content and what the plan allows. */
export const shareLinkListCall = defineCall({
  path: "/api/sharelink/request_list",
  module: "sharing",
  input: z.object({ content_id: z.string().min(1).max(80) }).strict(),
  output: z.object({ docs: z.array(ZShareLinkDoc), allowance: ZShareLinkAllowance }),
  auth: "owner",
  summary: "Lists a content's share links with their monthly and total accesses, and the plan's allowance.",
});

/** Deletes one of the owner's links (a sealed link's ciphertext goes with it). */
export const shareLinkDeleteCall = defineCall({
  path: "/api/sharelink/request_delete",
  module: "sharing",
  input: z.object({ sharelink_url: ZShareLinkUrl }).strict(),
  output: z.object({ deleted: z.literal(true) }),
  auth: "owner",
  summary: "Deletes a share link; visitors of it then see 'No data available.'",
});

/** Resolves a link for a visitor (SPEC §7). */
export const shareLinkResolveCall = defineCall({
  path: "/api/business/request_business_SharelinkUrlBy_UserChannel",
  module: "sharing",
  input: z
    .object({
      sharelink_url: ZShareLinkUrl,
      /**
       * The unlock call's `unlock_token`, for frames whose browser keeps no unlock cookie (http,
       * third-party cookies blocked); kept in the page's memory only.
       */
      unlock_token: z.string().max(64).optional(),
    })
    .strict(),
  output: z.object({ doc: ZSharedDoc }),
  auth: "none",
  rate: "default",
  summary:
    "What a visitor sees through a link; counts one access in the link's month. `sharePasswordRequired` until the link's password was given (unlock cookie, or `unlock_token`), `shareLinkMonthlyLimit` past the plan's monthly limit, `notFound` for unknown or deleted links.",
});

/** Checks a password link's password; sets a short-lived cookie for that link only. */
export const shareLinkUnlockCall = defineCall({
  path: "/api/sharelink/request_unlock",
  module: "sharing",
  input: z.object({ sharelink_url: ZShareLinkUrl, password: z.string().min(1).max(200) }).strict(),
  output: z.object({
    unlocked: z.literal(true),
    /**
     * The same short-lived token as the cookie (2 hours, this link only), for embeds whose browser
     * does not keep the cookie: sent back as the resolve call's `unlock_token`. Null for a link
     * without a password.
     */
    unlock_token: z.string().nullable(),
  }),
  auth: "none",
  rate: "auth",
  summary:
    "Opens a password link: `sharePasswordWrong` for a wrong password; attempts limited per link and IP (`rateLimited`).",
});

/** Counts a view of a content (SPEC §4, §7): once a day per visitor through a cookie. */
export const visitCountCall = defineCall({
  path: "/api/business/request_business_Connect_update_visit_count",
  module: "sharing",
  input: z.object({ user_contents_id: z.string().min(1).max(80) }).strict(),
  output: z.object({ counted: z.boolean() }),
  auth: "none",
  rate: "default",
  summary: "Counts one view of a content unless this visitor's day cookie for it is present.",
});

/** Counts a view that came from a channel (SPEC §7). */
export const visitChannelInflowCall = defineCall({
  path: "/api/business/request_business_Connect_update_visit_channel_inflow_count",
  module: "sharing",
  input: z
    .object({ user_contents_id: z.string().min(1).max(80), user_channel_id: z.string().min(1).max(80) })
    .strict(),
  output: z.object({ counted: z.boolean() }),
  auth: "none",
  rate: "default",
  summary:
    "Counts one view of a public content reached from a channel, and the channel's inflow; once a day per visitor.",
});

/** Answer `data` of `POST /api/upload/sealed` (parts: field `content_id`, file `file`). */
export const ZUploadSealedResult = z.object({ doc: ZShareLinkDoc });
