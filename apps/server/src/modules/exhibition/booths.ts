/**
 * An owner's booths: theirs with the exhibitions still taking booths and what their plan allows,
 * applying (a slot, or a request the operators place; one owner's applications wait for each
 * other so two never both take the last place), dressing a booth (texts, colour, images, video,
 * documents, products: each within the plan, every upload the owner's own) and removing one.
 */
import {
  AppError,
  BOOTH_PRODUCTS_MAX,
  CODES,
  countLimit,
  newId,
  PLAN_LIMITS,
  type TBoothAllowance,
  type TBoothOwnerDoc,
  type TBoothUpdate,
  type TExhibitionDoc,
  type TExhibitionLang,
  type TFieldErrors,
  type TPlanLevel,
  type TSlotDoc,
  type TSlotPlace,
} from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TExhibitionDeps } from "./deps";
import { anyExhibition, DEFAULT_BOOTH_COLOR, levelOf, ownBooth } from "./deps";
import type { TExhibitionDocs } from "./docs";
import { insideLayout, slotDocs, stateOf, toExhibitionDoc } from "./mapper";
import {
  boothCounts,
  boothsOfExhibition,
  boothsOfOwner,
  countOpenBooths,
  deleteBooth,
  findExhibition,
  insertBooth,
  isUniqueViolation,
  listExhibitions,
  lockOwnerBooths,
  type TBoothRow,
  type TExhibitionRow,
  updateBooth,
} from "./queries";

/** The owner's verbs. */
export interface TOwnerBooths {
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
}

function checkCategory(exhibition: TExhibitionRow, category: string | null | undefined): void {
  if (category === null || category === undefined) return;
  if (!exhibition.categories.some((c) => c.key === category)) {
    throw new AppError("validation", {
      fields: { category: "Please choose a category of this exhibition." },
    });
  }
}

/** Creates the owner's verbs. */
export function createOwnerBooths(
  deps: Pick<TExhibitionDeps, "db" | "content" | "channels" | "accounts" | "now">,
  documents: TExhibitionDocs,
): TOwnerBooths {
  const { db, content, channels, now } = deps;

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

  return {
    async mine(auth, lang) {
      const [rows, published, level, channel] = await Promise.all([
        boothsOfOwner(db, auth.userId),
        listExhibitions(db, true),
        levelOf(deps, auth.userId),
        channels.channelOfOwner(auth.userId),
      ]);
      const taking = published.filter((row) => stateOf(row, now()) !== "closed");
      const docs = [];
      for (const row of rows) docs.push(await documents.ownerDoc(row, lang, level));
      const counts = await boothCounts(
        db,
        taking.map((r) => r.id),
      );
      const exhibitions = [];
      for (const row of taking) {
        const booths = await boothsOfExhibition(db, row.id, true);
        exhibitions.push({
          doc: toExhibitionDoc(row, counts.get(row.id)?.active ?? 0, now()),
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
      const level = await levelOf(deps, auth.userId);
      const limits = PLAN_LIMITS[level].exhibition;
      const limit = limits.enable_booth_entry ? limits.limit_count_booth : 0;
      const at = now();
      let row: TBoothRow;
      try {
        row = await db.transaction(async (tx) => {
          // One owner's applications wait for each other, so two never both take the last place.
          await lockOwnerBooths(tx, auth.userId);
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
      return documents.ownerDoc(row, lang, level);
    },

    async update(auth, input, lang) {
      const row = await ownBooth(db, auth, input.booth_id);
      const exhibition = await anyExhibition(db, row.exhibitionId);
      const level = await levelOf(deps, auth.userId);
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
      return documents.ownerDoc(updated, lang, level);
    },

    async remove(auth, boothId) {
      const row = await ownBooth(db, auth, boothId);
      if (!(await deleteBooth(db, row.id, auth.userId))) throw new AppError("notFound");
    },
  };
}
