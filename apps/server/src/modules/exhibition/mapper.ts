/** Maps exhibition and booth rows to the contract's documents (pure: no reads). */
import {
  slotLabel,
  slotsOf,
  type TBoothCard,
  type TBoothProduct,
  type TExhibitionDoc,
  type TExhibitionLang,
  type TExhibitionState,
  type TPublicChannelDoc,
  type TSlotDoc,
  type TSlotPlace,
} from "@vitrine/contract";
import type { TPublicContent } from "../content/service";
import { DEFAULT_BOOTH_COLOR } from "./deps";
import type { TBoothRow, TExhibitionRow } from "./queries";

/** Upcoming, open or closed at `at`. */
export function stateOf(row: TExhibitionRow, at: Date): TExhibitionState {
  if (at < row.opensAt) return "upcoming";
  if (at < row.closesAt) return "open";
  return "closed";
}

/** True when the slot lies inside the exhibition's layout. */
export function insideLayout(row: TExhibitionRow, place: TSlotPlace): boolean {
  return place.aisle < row.aisles && place.index < row.slotsPerAisle;
}

/** The booth's slot, when it stands in one. */
export function slotOf(row: TBoothRow): { aisle: number; index: number; label: string } | null {
  if (row.status !== "active" || row.aisle === null || row.slotIndex === null) return null;
  const place = { aisle: row.aisle, index: row.slotIndex };
  return { ...place, label: slotLabel(place) };
}

/** A product as a booth lists it. */
export function product(content: TPublicContent): TBoothProduct {
  return { content_id: content.contentId, title: content.title, thumbnail_url: content.thumbnailUrl };
}

/** The text in `lang`, else the other language's. */
export function inLang(texts: { en: string; ko: string }, lang: TExhibitionLang): string {
  const own = texts[lang].trim();
  return own !== "" ? texts[lang] : texts[lang === "en" ? "ko" : "en"];
}

/** An exhibition as everyone reads it. */
export function toExhibitionDoc(row: TExhibitionRow, boothCount: number, at: Date): TExhibitionDoc {
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
    state: stateOf(row, at),
    slot_count: row.aisles * row.slotsPerAisle,
    booth_count: boothCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The slots of a layout and the active booth standing in each. */
export function slotDocs(row: TExhibitionRow, booths: readonly TBoothRow[]): TSlotDoc[] {
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

/** A booth's products that are ready and its own owner's, in its order. */
export function productsOfBooth(row: TBoothRow, found: Map<string, TPublicContent>): TBoothProduct[] {
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

/** A booth as a hall lists it. */
export function toCard(
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
