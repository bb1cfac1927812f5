/**
 * Exhibitions and booths (issue 13; SPEC §1 booths in an exhibition hall, §2 `/ShowRoom`, §3 plan
 * rows, §4 one-day view cookie per booth, §7 `request_booth_update_visit_count`).
 *
 * - An **exhibition** (`exhibition_` + UUID) is made by operators (super accounts): names and
 *   descriptions in en and ko, open and close times (UTC), categories, a hall layout of
 *   `aisles × slots_per_aisle` slots, an optional theme colour, and published or not. Visitors see
 *   published ones only; past ones stay browsable.
 * - A **slot** is a place in the hall: `aisle` (0-based, shown as a letter) and `index` (0-based
 *   along the aisle, shown from 1), label `A1`, `B12`… Slots come from the layout; no slot rows.
 * - A **booth** (`booth_` + UUID) belongs to an owner's channel. It is `requested` (waiting for an
 *   operator to give it a slot) or `active` (standing in a slot). Owners take a free slot at once
 *   or apply without one; operators assign, move and free slots. The booth count follows the plan
 *   (booths in exhibitions that have not closed), products per booth too, the video is Standard+.
 */
import { z } from "zod";
import { defineCall, ZEmpty } from "../call";
import { tooLongMessage } from "../validation";
import { ZBlobUrl } from "./content";
import { ZBranding, ZSharedContent } from "./sharing";

/** The two languages exhibition texts are written in. */
export const EXHIBITION_LANGS = ["en", "ko"] as const;
/** An exhibition text language. */
export type TExhibitionLang = (typeof EXHIBITION_LANGS)[number];

/** Bounds of the hall layout. */
export const EXHIBITION_LAYOUT_MAX = { aisles: 10, slots_per_aisle: 20 } as const;
/** Most categories of an exhibition. */
export const EXHIBITION_CATEGORIES_MAX = 20;
/** Longest texts (characters). */
export const EXHIBITION_TEXT_MAX = {
  name: 120,
  description: 2000,
  category: 60,
  logo_text: 40,
  pitch: 1000,
  document_name: 200,
} as const;
/** Most images, documents and products of a booth (products are also capped by the plan). */
export const BOOTH_IMAGES_MAX = 6;
/** Most documents of a booth. */
export const BOOTH_DOCUMENTS_MAX = 10;
/** Most products any plan allows in one booth. */
export const BOOTH_PRODUCTS_MAX = 30;

/** Messages of exhibition and booth inputs. */
export const EXHIBITION_MESSAGES = {
  name: "Please enter the name in both languages.",
  dates: "The close time must be after the open time.",
  color: "Please choose a colour as #rrggbb.",
  categoryKey: "Use letters, digits and dashes for the category key.",
  duplicateCategory: "Each category may appear once.",
  duplicateProduct: "Each product may appear once.",
  heroNotListed: "The hero product must be one of the booth's products.",
} as const;

/** A text of at most `max` characters, trimmed. */
function text(max: number) {
  return z
    .string()
    .trim()
    .refine((v) => Array.from(v).length <= max, { message: tooLongMessage(max) });
}

/** A text in both languages. */
function bilingual(max: number) {
  return z.object({ en: text(max), ko: text(max) }).strict();
}

/** A colour as `#rrggbb`. */
export const ZExhibitionColor = z
  .string()
  .regex(/^#[0-9a-f]{6}$/i, { message: EXHIBITION_MESSAGES.color })
  .transform((v) => v.toLowerCase());

/** An exhibition id. */
export const ZExhibitionId = z
  .string()
  .regex(/^exhibition_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    message: "Invalid id.",
  });
/** A booth id. */
export const ZBoothId = z
  .string()
  .regex(/^booth_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: "Invalid id." });

/** A category of an exhibition: a key booths name, with its label in both languages. */
export const ZExhibitionCategory = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { message: EXHIBITION_MESSAGES.categoryKey }),
    name: bilingual(EXHIBITION_TEXT_MAX.category),
  })
  .strict();
/** A category. */
export type TExhibitionCategory = z.infer<typeof ZExhibitionCategory>;

/** The hall: `aisles` rows of `slots_per_aisle` booth slots. */
export const ZHallLayout = z
  .object({
    aisles: z.number().int().min(1).max(EXHIBITION_LAYOUT_MAX.aisles),
    slots_per_aisle: z.number().int().min(1).max(EXHIBITION_LAYOUT_MAX.slots_per_aisle),
  })
  .strict();
/** A hall layout. */
export type THallLayout = z.infer<typeof ZHallLayout>;

/** Where an exhibition stands in time. */
export const EXHIBITION_STATES = ["upcoming", "open", "closed"] as const;
/** An exhibition's state. */
export type TExhibitionState = (typeof EXHIBITION_STATES)[number];

/** An exhibition. */
export const ZExhibitionDoc = z.object({
  exhibition_id: z.string(),
  name: z.object({ en: z.string(), ko: z.string() }),
  description: z.object({ en: z.string(), ko: z.string() }),
  /** ISO 8601 UTC times. */
  opens_at: z.string(),
  closes_at: z.string(),
  categories: z.array(ZExhibitionCategory),
  layout: ZHallLayout,
  /** `#rrggbb`, or null for the hall's default. */
  theme_color: z.string().nullable(),
  published: z.boolean(),
  /** From the times and now: before `opens_at`, until `closes_at`, after. */
  state: z.enum(EXHIBITION_STATES),
  /** Slots in the layout, and those with a booth standing in them. */
  slot_count: z.number().int().min(0),
  booth_count: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
/** An exhibition. */
export type TExhibitionDoc = z.infer<typeof ZExhibitionDoc>;

/** A slot's place: aisle and index, both 0-based. */
export const ZSlotPlace = z
  .object({
    aisle: z
      .number()
      .int()
      .min(0)
      .max(EXHIBITION_LAYOUT_MAX.aisles - 1),
    index: z
      .number()
      .int()
      .min(0)
      .max(EXHIBITION_LAYOUT_MAX.slots_per_aisle - 1),
  })
  .strict();
/** A slot place. */
export type TSlotPlace = z.infer<typeof ZSlotPlace>;

/** A slot of the hall, with the booth standing in it (or none). */
export const ZSlotDoc = z.object({
  aisle: z.number().int().min(0),
  index: z.number().int().min(0),
  /** `A1`, `B12`: the aisle's letter and the index from 1. */
  label: z.string(),
  booth_id: z.string().nullable(),
});
/** A slot. */
export type TSlotDoc = z.infer<typeof ZSlotDoc>;

/** The label of a slot: aisle letter + index from 1. */
export function slotLabel(place: { aisle: number; index: number }): string {
  return `${String.fromCharCode(65 + place.aisle)}${place.index + 1}`;
}

/** Every slot of a layout, aisle by aisle. */
export function slotsOf(layout: THallLayout): TSlotPlace[] {
  const out: TSlotPlace[] = [];
  for (let aisle = 0; aisle < layout.aisles; aisle++) {
    for (let index = 0; index < layout.slots_per_aisle; index++) out.push({ aisle, index });
  }
  return out;
}

/** A product of a booth: one of the owner's ready contents. */
export const ZBoothProduct = z.object({
  content_id: z.string(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
});
/** A booth product. */
export type TBoothProduct = z.infer<typeof ZBoothProduct>;

/** A document of a booth (a pdf uploaded with `POST /api/upload/file`). */
export const ZBoothDocument = z
  .object({
    url: ZBlobUrl,
    name: text(EXHIBITION_TEXT_MAX.document_name).refine((v) => v !== "", {
      message: "Please enter a name.",
    }),
    size: z.number().int().min(0),
  })
  .strict();
/** A booth document. */
export type TBoothDocument = z.infer<typeof ZBoothDocument>;

/** Booth states. */
export const BOOTH_STATUSES = ["requested", "active"] as const;
/** A booth state. */
export type TBoothStatus = (typeof BOOTH_STATUSES)[number];

/** The channel a booth belongs to, as booths show it. */
export const ZBoothChannel = z.object({
  user_channel_id: z.string(),
  channel_name: z.string(),
  logo_url: z.string().nullable(),
  brand_color: z.string(),
});

/** A booth as the hall and the list show it (what the hall draws). */
export const ZBoothCard = z.object({
  booth_id: z.string(),
  exhibition_id: z.string(),
  owner_id: z.string(),
  status: z.enum(BOOTH_STATUSES),
  /** Null while requested. */
  slot: ZSlotDoc.omit({ booth_id: true }).nullable(),
  channel: ZBoothChannel,
  /** Shown on the booth's fascia; the channel name when empty. */
  logo_text: z.string(),
  booth_color: z.string(),
  /** Panel images, in order. */
  image_urls: z.array(z.string()),
  /** The hero product (its poster is the thumbnail), or null. */
  hero: ZBoothProduct.nullable(),
  product_count: z.number().int().min(0),
  /** A key of the exhibition's categories, or null. */
  category: z.string().nullable(),
  /** The pitch in the asked language (the other one when empty). */
  pitch: z.string(),
  views: z.number().int().min(0),
});
/** A booth card. */
export type TBoothCard = z.infer<typeof ZBoothCard>;

/** A booth's contact person, as the channel profiles show them. */
export const ZBoothProfile = z.object({
  profile_id: z.string(),
  name: z.string(),
  job_title: z.string(),
  photo_url: z.string().nullable(),
  languages: z.array(z.string()),
  email: z.string(),
});

/** A booth as its page shows it. */
export const ZBoothPage = ZBoothCard.extend({
  pitch_all: z.object({ en: z.string(), ko: z.string() }),
  video_url: z.string().nullable(),
  products: z.array(ZBoothProduct),
  documents: z.array(ZBoothDocument),
  /** The channel's contact (e-mail and phone only when the owner shows them) and profiles. */
  contact: z.object({
    homepage_url: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  profiles: z.array(ZBoothProfile),
});
/** A booth page. */
export type TBoothPage = z.infer<typeof ZBoothPage>;

/** A booth as its owner edits it. */
export const ZBoothOwnerDoc = ZBoothPage.extend({
  exhibition: ZExhibitionDoc,
  created_at: z.string(),
  updated_at: z.string(),
});
/** The owner's booth. */
export type TBoothOwnerDoc = z.infer<typeof ZBoothOwnerDoc>;

/** What the owner's plan allows for booths. */
export const ZBoothAllowance = z.object({
  /** Booths in exhibitions that have not closed (1 / 3 / 10). */
  booths: z.number().int().min(0),
  /** Booths counted against it now. */
  booths_used: z.number().int().min(0),
  /** Products per booth (3 / 10 / 30). */
  products: z.number().int().min(0),
  video: z.boolean(),
  images: z.boolean(),
  logo_text: z.boolean(),
});
/** Booth allowance. */
export type TBoothAllowance = z.infer<typeof ZBoothAllowance>;

// ---------------------------------------------------------------- visitors

/** Published exhibitions: open and upcoming first, then past ones. */
export const exhibitionListCall = defineCall({
  path: "/api/exhibition/request_exhibition_list",
  module: "exhibition",
  input: ZEmpty,
  output: z.object({ docs: z.array(ZExhibitionDoc) }),
  auth: "none",
  summary:
    "Published exhibitions: open ones (closing soonest first), then upcoming, then past ones (newest first).",
});

/** One published exhibition with its slots and the booths standing in them. */
export const exhibitionHallCall = defineCall({
  path: "/api/exhibition/request_exhibition_hall",
  module: "exhibition",
  input: z.object({ exhibition_id: ZExhibitionId, lang: z.enum(EXHIBITION_LANGS) }).strict(),
  output: z.object({
    doc: ZExhibitionDoc,
    slots: z.array(ZSlotDoc),
    /** Active booths, in slot order. */
    booths: z.array(ZBoothCard),
  }),
  auth: "none",
  summary:
    "A published exhibition, every slot of its hall and the active booths (what the hall and the list draw); `notFound` when unknown or unpublished.",
});

/** One booth's page. */
export const boothPageCall = defineCall({
  path: "/api/exhibition_user_booth/request_booth_detail",
  module: "exhibition",
  input: z.object({ booth_id: ZBoothId, lang: z.enum(EXHIBITION_LANGS) }).strict(),
  output: z.object({ doc: ZBoothPage, exhibition: ZExhibitionDoc }),
  auth: "none",
  summary:
    "An active booth of a published exhibition with its products, video, images, pitch, documents, contact and profiles. Counts nothing.",
});

/** One product of a booth, to show in the viewer. */
export const boothProductCall = defineCall({
  path: "/api/exhibition_user_booth/request_booth_product",
  module: "exhibition",
  input: z.object({ booth_id: ZBoothId, content_id: z.string().min(1).max(80) }).strict(),
  output: z.object({ doc: ZSharedContent, branding: ZBranding }),
  auth: "none",
  summary:
    "A product of an active booth (a ready content of its owner) with the owner's branding; `notFound` otherwise.",
});

/** Counts a visit of a booth: once a day per visitor (SPEC §4 booth cookie, §7). */
export const boothVisitCall = defineCall({
  path: "/api/exhibition_user_booth/request_booth_update_visit_count",
  module: "exhibition",
  input: z.object({ uuid: ZBoothId }).strict(),
  output: z.object({ counted: z.boolean() }),
  auth: "none",
  summary:
    "Counts one view of a booth unless this visitor's day cookie for it is present or the visitor was counted today; `notFound` for an unknown booth.",
});

// ---------------------------------------------------------------- owners

/** The caller's booths, the exhibitions taking booths, and what the plan allows. */
export const myBoothsCall = defineCall({
  path: "/api/exhibition_user_booth/request_booth_mine",
  module: "exhibition",
  input: z.object({ lang: z.enum(EXHIBITION_LANGS).default("en") }).strict(),
  output: z.object({
    docs: z.array(ZBoothOwnerDoc),
    /** Published exhibitions that have not closed, with their slots. */
    exhibitions: z.array(z.object({ doc: ZExhibitionDoc, slots: z.array(ZSlotDoc) })),
    allowance: ZBoothAllowance,
    /** False until the owner has a channel (a booth shows the channel). */
    has_channel: z.boolean(),
  }),
  auth: "owner",
  summary:
    "The caller's booths, the published exhibitions not yet closed with their slots, and the plan's booth allowance.",
});

/** Takes a free slot, or applies for one (an operator assigns it). */
export const boothApplyCall = defineCall({
  path: "/api/exhibition_user_booth/request_booth_apply",
  module: "exhibition",
  input: z
    .object({
      exhibition_id: ZExhibitionId,
      /** A free slot to take now; null to apply and wait for an operator. */
      slot: ZSlotPlace.nullable(),
      category: z.string().trim().max(40).nullable().default(null),
      /** The language channel texts are answered in. */
      lang: z.enum(EXHIBITION_LANGS).default("en"),
    })
    .strict(),
  output: z.object({ doc: ZBoothOwnerDoc }),
  auth: "owner",
  summary:
    "Creates the caller's booth in a published exhibition that has not closed: in the free slot named (`slotTaken` when it is not free) or as a request. Needs a channel (`boothNeedsChannel`); `planLimit` with `data.limit: \"booth\"` past the plan's booths.",
});

/** The booth changes: every key present replaces that field. */
export const ZBoothUpdate = z
  .object({
    booth_id: ZBoothId,
    logo_text: text(EXHIBITION_TEXT_MAX.logo_text).optional(),
    booth_color: ZExhibitionColor.optional(),
    /** Images uploaded by the owner with `POST /api/upload/image` (purpose `booth_image`). */
    image_urls: z.array(ZBlobUrl).max(BOOTH_IMAGES_MAX).optional(),
    /** A video uploaded by the owner with `POST /api/upload/video`; null for none. */
    video_url: ZBlobUrl.nullable().optional(),
    /** Ready contents of the owner, in booth order. */
    product_ids: z
      .array(z.string().min(1).max(80))
      .max(BOOTH_PRODUCTS_MAX)
      .refine((v) => new Set(v).size === v.length, { message: EXHIBITION_MESSAGES.duplicateProduct })
      .optional(),
    /** One of `product_ids` (or of the saved products), or null. */
    hero_content_id: z.string().min(1).max(80).nullable().optional(),
    pitch: z
      .object({ en: text(EXHIBITION_TEXT_MAX.pitch), ko: text(EXHIBITION_TEXT_MAX.pitch) })
      .strict()
      .optional(),
    /** Pdfs uploaded by the owner with `POST /api/upload/file`. */
    documents: z.array(ZBoothDocument).max(BOOTH_DOCUMENTS_MAX).optional(),
    category: z.string().trim().max(40).nullable().optional(),
    /** The language channel texts are answered in. */
    lang: z.enum(EXHIBITION_LANGS).default("en"),
  })
  .strict();
/** Booth changes. */
export type TBoothUpdate = z.infer<typeof ZBoothUpdate>;

/** Dresses the caller's booth. */
export const boothUpdateCall = defineCall({
  path: "/api/exhibition_user_booth/request_booth_update",
  module: "exhibition",
  input: ZBoothUpdate,
  output: z.object({ doc: ZBoothOwnerDoc }),
  auth: "owner",
  summary:
    "Saves the booth's logo text, colour, images, video, products (ready contents of the owner; `planLimit` with `data.limit: \"booth_product\"` past the plan), hero, pitch, documents and category with 'Booth saved.'. Another owner's booth answers `notFound`.",
});

/** Removes the caller's booth (its slot becomes free). */
export const boothDeleteCall = defineCall({
  path: "/api/exhibition_user_booth/request_booth_delete",
  module: "exhibition",
  input: z.object({ booth_id: ZBoothId }).strict(),
  output: z.object({ deleted: z.literal(true) }),
  auth: "owner",
  summary: "Removes the caller's booth and frees its slot; another owner's booth answers `notFound`.",
});

// ---------------------------------------------------------------- operators (super)

/** An exhibition as operators write it. */
export const ZExhibitionInput = z
  .object({
    name: bilingual(EXHIBITION_TEXT_MAX.name).refine((v) => v.en !== "" && v.ko !== "", {
      message: EXHIBITION_MESSAGES.name,
    }),
    description: bilingual(EXHIBITION_TEXT_MAX.description),
    opens_at: z.iso.datetime({ offset: true }),
    closes_at: z.iso.datetime({ offset: true }),
    categories: z
      .array(ZExhibitionCategory)
      .max(EXHIBITION_CATEGORIES_MAX)
      .refine((v) => new Set(v.map((c) => c.key)).size === v.length, {
        message: EXHIBITION_MESSAGES.duplicateCategory,
      }),
    layout: ZHallLayout,
    theme_color: ZExhibitionColor.nullable(),
  })
  .strict()
  .refine((v) => Date.parse(v.closes_at) > Date.parse(v.opens_at), {
    message: EXHIBITION_MESSAGES.dates,
    path: ["closes_at"],
  });
/** Exhibition input. */
export type TExhibitionInput = z.infer<typeof ZExhibitionInput>;

/** Every exhibition, published or not. */
export const adminExhibitionListCall = defineCall({
  path: "/api/admin/exhibition/request_exhibition_list",
  module: "exhibition",
  input: ZEmpty,
  output: z.object({
    docs: z.array(ZExhibitionDoc.extend({ request_count: z.number().int().min(0) })),
  }),
  auth: "super",
  summary: "Every exhibition (unpublished too), newest opening first, with its count of booth requests.",
});

/** Creates an exhibition (unpublished). */
export const adminExhibitionCreateCall = defineCall({
  path: "/api/admin/exhibition/request_exhibition_create",
  module: "exhibition",
  input: ZExhibitionInput,
  output: z.object({ doc: ZExhibitionDoc }),
  auth: "super",
  summary: "Creates an unpublished exhibition (id `exhibition_` + UUID) with 'Exhibition saved.'.",
});

/** Replaces an exhibition's fields. */
export const adminExhibitionUpdateCall = defineCall({
  path: "/api/admin/exhibition/request_exhibition_update",
  module: "exhibition",
  input: z.object({ exhibition_id: ZExhibitionId, exhibition: ZExhibitionInput }).strict(),
  output: z.object({ doc: ZExhibitionDoc }),
  auth: "super",
  summary:
    "Saves an exhibition with 'Exhibition saved.'; a layout that would drop slots where booths stand answers `hallLayoutInUse`.",
});

/** Publishes or unpublishes an exhibition. */
export const adminExhibitionPublishCall = defineCall({
  path: "/api/admin/exhibition/request_exhibition_publish",
  module: "exhibition",
  input: z.object({ exhibition_id: ZExhibitionId, published: z.boolean() }).strict(),
  output: z.object({ doc: ZExhibitionDoc }),
  auth: "super",
  summary: "Shows an exhibition to visitors and owners, or hides it again.",
});

/** An exhibition's slots and every booth in it, requests too. */
export const adminExhibitionBoothsCall = defineCall({
  path: "/api/admin/exhibition/request_exhibition_booths",
  module: "exhibition",
  input: z.object({ exhibition_id: ZExhibitionId }).strict(),
  output: z.object({ doc: ZExhibitionDoc, slots: z.array(ZSlotDoc), booths: z.array(ZBoothCard) }),
  auth: "super",
  summary: "An exhibition's slots and booths (requests first, oldest first; then by slot).",
});

/** Puts a booth in a free slot: assigns a request, or moves an active booth. */
export const adminBoothAssignCall = defineCall({
  path: "/api/admin/exhibition/request_booth_assign",
  module: "exhibition",
  input: z.object({ booth_id: ZBoothId, slot: ZSlotPlace }).strict(),
  output: z.object({ doc: ZBoothCard }),
  auth: "super",
  summary:
    "Assigns a booth request to a free slot or moves a booth there; `slotTaken` when the slot is not free.",
});

/** Takes a booth out of its slot (it becomes a request again). */
export const adminBoothFreeCall = defineCall({
  path: "/api/admin/exhibition/request_booth_free",
  module: "exhibition",
  input: z.object({ booth_id: ZBoothId }).strict(),
  output: z.object({ doc: ZBoothCard }),
  auth: "super",
  summary: "Frees a booth's slot; the booth waits as a request again (its dressing kept).",
});

/** Declines a booth request or removes a booth. */
export const adminBoothRemoveCall = defineCall({
  path: "/api/admin/exhibition/request_booth_remove",
  module: "exhibition",
  input: z.object({ booth_id: ZBoothId }).strict(),
  output: z.object({ deleted: z.literal(true) }),
  auth: "super",
  summary: "Declines a booth request or removes a booth from its exhibition.",
});
