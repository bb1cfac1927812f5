/**
 * The exhibition's documents that need reads: exhibitions with their booth counts, booth cards
 * with their channels and products, a booth page (products capped and the video shown by the
 * owner's plan now) and the owner's view of their booth.
 */
import {
  AppError,
  countLimit,
  PLAN_LIMITS,
  type TBoothCard,
  type TBoothOwnerDoc,
  type TBoothPage,
  type TExhibitionDoc,
  type TExhibitionLang,
  type TPlanLevel,
} from "@vitrine/contract";
import type { TPublicContent } from "../content/service";
import type { TExhibitionDeps } from "./deps";
import { levelOf } from "./deps";
import { productsOfBooth, toCard, toExhibitionDoc } from "./mapper";
import { boothCounts, findExhibition, type TBoothRow, type TExhibitionRow } from "./queries";

/** The documents' builders. */
export interface TExhibitionDocs {
  exhibitionDocs(rows: TExhibitionRow[]): Promise<TExhibitionDoc[]>;
  exhibitionDoc(row: TExhibitionRow): Promise<TExhibitionDoc>;
  cards(rows: TBoothRow[], lang: TExhibitionLang): Promise<TBoothCard[]>;
  /** A booth's card in English (the console's before/after). */
  cardOf(row: TBoothRow): Promise<TBoothCard>;
  /** A booth page: products capped by the owner's plan now, the video only when the plan has it. */
  page(row: TBoothRow, lang: TExhibitionLang, level: TPlanLevel): Promise<TBoothPage>;
  /** The owner's booth as they edit it (what is saved, whatever the plan shows visitors). */
  ownerDoc(row: TBoothRow, lang: TExhibitionLang, level?: TPlanLevel): Promise<TBoothOwnerDoc>;
}

/** Creates the documents' builders. */
export function createExhibitionDocs(
  deps: Pick<TExhibitionDeps, "db" | "content" | "channels" | "accounts" | "now">,
): TExhibitionDocs {
  const { db, content, channels, now } = deps;

  async function exhibitionDocs(rows: TExhibitionRow[]): Promise<TExhibitionDoc[]> {
    const counts = await boothCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toExhibitionDoc(row, counts.get(row.id)?.active ?? 0, now()));
  }

  async function exhibitionDoc(row: TExhibitionRow): Promise<TExhibitionDoc> {
    const [doc] = await exhibitionDocs([row]);
    if (!doc) throw new Error("exhibition doc missing");
    return doc;
  }

  /** The ready products of booths, by content id (only contents of the booth's own owner). */
  async function productsOf(rows: readonly TBoothRow[]): Promise<Map<string, TPublicContent>> {
    const ids = [...new Set(rows.flatMap((r) => r.productIds))];
    const found = await content.readyContentsByIds(ids);
    return new Map(found.map((c) => [c.contentId, c]));
  }

  async function cards(rows: TBoothRow[], lang: TExhibitionLang): Promise<TBoothCard[]> {
    const [byOwner, found] = await Promise.all([
      channels.publicChannelsOfOwners(
        rows.map((r) => r.ownerId),
        lang,
      ),
      productsOf(rows),
    ]);
    return rows.map((row) => toCard(row, byOwner.get(row.ownerId), productsOfBooth(row, found), lang));
  }

  async function cardOf(row: TBoothRow): Promise<TBoothCard> {
    const [card] = await cards([row], "en");
    if (!card) throw new Error("booth card missing");
    return card;
  }

  /** A booth page: products capped by the owner's plan now, the video only when the plan has it. */
  async function page(row: TBoothRow, lang: TExhibitionLang, level: TPlanLevel): Promise<TBoothPage> {
    const [byOwner, found] = await Promise.all([
      channels.publicChannelsOfOwners([row.ownerId], lang),
      productsOf([row]),
    ]);
    const channel = byOwner.get(row.ownerId);
    const products = productsOfBooth(row, found).slice(0, countLimit(level, "booth_product"));
    const card = toCard(row, channel, products, lang);
    return {
      ...card,
      pitch_all: row.pitch,
      video_url: PLAN_LIMITS[level].exhibition.enable_video ? row.videoUrl : null,
      products,
      documents: row.documents,
      contact: {
        homepage_url: channel?.homepage_url ?? "",
        email: channel?.contact_email ?? null,
        phone: channel?.contact_phone ?? null,
      },
      profiles: channel?.profiles ?? [],
    };
  }

  async function ownerDoc(
    row: TBoothRow,
    lang: TExhibitionLang,
    level?: TPlanLevel,
  ): Promise<TBoothOwnerDoc> {
    const exhibition = await findExhibition(db, row.exhibitionId);
    if (!exhibition) throw new AppError("notFound");
    const [doc, ex] = await Promise.all([
      page(row, lang, level ?? (await levelOf(deps, row.ownerId))),
      exhibitionDoc(exhibition),
    ]);
    // The owner sees what is saved, whatever the plan shows visitors today.
    return {
      ...doc,
      video_url: row.videoUrl,
      exhibition: ex,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  return { exhibitionDocs, exhibitionDoc, cards, cardOf, page, ownerDoc };
}
