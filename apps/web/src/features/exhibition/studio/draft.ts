import type { TBoothDocument, TBoothOwnerDoc, TBoothPage, TBoothProduct } from "@vitrine/contract";

/** What the booth editor changes, as the update call takes it. */
export interface TBoothDraft {
  logo_text: string;
  booth_color: string;
  category: string | null;
  image_urls: string[];
  video_url: string | null;
  product_ids: string[];
  hero_content_id: string | null;
  pitch: { en: string; ko: string };
  documents: TBoothDocument[];
}

/** The draft of a saved booth. */
export function draftOf(doc: TBoothOwnerDoc): TBoothDraft {
  return {
    logo_text: doc.logo_text,
    booth_color: doc.booth_color,
    category: doc.category,
    image_urls: doc.image_urls,
    video_url: doc.video_url,
    product_ids: doc.products.map((p) => p.content_id),
    hero_content_id: doc.hero?.content_id ?? null,
    pitch: doc.pitch_all,
    documents: doc.documents,
  };
}

/** True when the draft differs from the saved booth. */
export function isDraftDirty(doc: TBoothOwnerDoc, draft: TBoothDraft): boolean {
  return JSON.stringify(draftOf(doc)) !== JSON.stringify(draft);
}

/** The booth page visitors would see with the draft saved (the preview). */
export function previewOf(
  doc: TBoothOwnerDoc,
  draft: TBoothDraft,
  products: ReadonlyMap<string, TBoothProduct>,
  lang: "en" | "ko",
): TBoothPage {
  const shown = draft.product_ids.flatMap((id) => {
    const p = products.get(id);
    return p ? [p] : [];
  });
  const pitch =
    draft.pitch[lang].trim() !== "" ? draft.pitch[lang] : draft.pitch[lang === "en" ? "ko" : "en"];
  return {
    ...doc,
    logo_text: draft.logo_text,
    booth_color: draft.booth_color,
    category: draft.category,
    image_urls: draft.image_urls,
    video_url: draft.video_url,
    products: shown,
    product_count: shown.length,
    hero: shown.find((p) => p.content_id === draft.hero_content_id) ?? shown[0] ?? null,
    pitch,
    pitch_all: draft.pitch,
    documents: draft.documents,
  };
}
