/**
 * From the exhibition calls' answers (`request_exhibition_hall`) to what the 3D hall draws: the
 * name in the page's language, the layout, and each standing booth in its slot.
 */
import type { TBoothCard, TExhibitionDoc } from "@vitrine/contract";
import type { THallBooth, THallLayout } from "@vitrine/viewer/hall";

export interface THallInput {
  name: string;
  layout: THallLayout;
  booths: THallBooth[];
  themeColor: string | null;
}

/** The text in `lang`, else the other language's. */
function inLang(text: { en: string; ko: string }, lang: "en" | "ko"): string {
  return text[lang].trim() || text[lang === "ko" ? "en" : "ko"].trim();
}

/** One booth card as the hall draws it; null while it has no slot (a request). */
export function hallBooth(card: TBoothCard): THallBooth | null {
  if (card.status !== "active" || !card.slot) return null;
  return {
    id: card.booth_id,
    aisle: card.slot.aisle,
    slotIndex: card.slot.index,
    logoText: card.logo_text.trim() || card.channel.channel_name,
    color: card.booth_color || card.channel.brand_color,
    imageUrls: card.image_urls,
    heroPosterUrl: card.hero?.thumbnail_url ?? null,
    category: card.category,
  };
}

/** The hall of an exhibition in `lang`. */
export function hallInput(doc: TExhibitionDoc, booths: TBoothCard[], lang: "en" | "ko"): THallInput {
  return {
    name: inLang(doc.name, lang),
    layout: { aisles: doc.layout.aisles, slotsPerAisle: doc.layout.slots_per_aisle },
    booths: booths.flatMap((card) => {
      const booth = hallBooth(card);
      return booth ? [booth] : [];
    }),
    themeColor: doc.theme_color,
  };
}
