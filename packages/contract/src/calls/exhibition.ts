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
 *
 * This file declares the calls; their schemas are in `exhibition-schemas.ts`.
 */
import { z } from "zod";
import { defineCall, ZEmpty } from "../call";
import {
  EXHIBITION_LANGS,
  ZBoothAllowance,
  ZBoothCard,
  ZBoothId,
  ZBoothOwnerDoc,
  ZBoothPage,
  ZBoothUpdate,
  ZExhibitionDoc,
  ZExhibitionId,
  ZExhibitionInput,
  ZSlotDoc,
  ZSlotPlace,
} from "./exhibition-schemas";
import { ZBranding, ZSharedContent } from "./sharing";

// The schemas are part of this module's exports: `calls/index.ts` re-exports this file.
export * from "./exhibition-schemas";

export * from "./exhibition-schemas";

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
