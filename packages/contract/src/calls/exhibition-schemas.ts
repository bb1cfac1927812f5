/**
 * The exhibition's schemas (issue 13): languages, limits and messages, exhibitions, hall layouts
 * and slots (with their labels), booths as the hall, their page and their owner see them, the
 * plan's booth allowance, and what owners and operators send. The calls are in `exhibition.ts`.
 */
import { z } from "zod";
import { ZBlobUrl } from "./content-schemas";
import { text } from "./fields";

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
