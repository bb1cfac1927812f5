/**
 * What visitors see of exhibitions: the published list (open first, then upcoming, then the
 * closed), a hall with its slots and booths, a booth page and one of its products (with the
 * owner's branding), booth views (once per visitor and day), booth names and page previews.
 */
import {
  AppError,
  countLimit,
  PLAN_LIMITS,
  type TBoothCard,
  type TBoothPage,
  type TBranding,
  type TExhibitionDoc,
  type TExhibitionLang,
  type TExhibitionState,
  type TSharedContent,
  type TSlotDoc,
} from "@vitrine/contract";
import type { TVisitor } from "../analytics/service";
import { sharedContentDoc } from "../content/index";
import type { TExhibitionDeps } from "./deps";
import { levelOf, publishedExhibition, visibleBooth } from "./deps";
import type { TExhibitionDocs } from "./docs";
import { slotDocs, toExhibitionDoc } from "./mapper";
import { addBoothView, boothsOfExhibition, findBooth, listExhibitions } from "./queries";

/** A hall: the exhibition, its slots and active booths. */
export interface THall {
  doc: TExhibitionDoc;
  slots: TSlotDoc[];
  booths: TBoothCard[];
}

/** What visitors see. */
export interface TExhibitionHall {
  listPublished(): Promise<TExhibitionDoc[]>;
  hall(exhibitionId: string, lang: TExhibitionLang): Promise<THall>;
  boothPage(boothId: string, lang: TExhibitionLang): Promise<{ doc: TBoothPage; exhibition: TExhibitionDoc }>;
  boothProduct(boothId: string, contentId: string): Promise<{ doc: TSharedContent; branding: TBranding }>;
  /** Adds one view unless the visitor's daily hash was counted for the booth today; `notFound` for an unknown booth. */
  countView(boothId: string, visitor: TVisitor): Promise<boolean>;
  /** Booth names by id (analytics reports name booths with it). */
  boothNames(boothIds: readonly string[]): Promise<Map<string, string>>;
  /** An active booth's name and exhibition, for page previews; null otherwise. */
  preview(boothId: string): Promise<{ name: string; exhibition: string; imageUrl: string | null } | null>;
}

/** Creates what visitors see. */
export function createExhibitionHall(
  deps: Pick<TExhibitionDeps, "db" | "content" | "channels" | "accounts" | "visitors" | "now">,
  documents: TExhibitionDocs,
): TExhibitionHall {
  const { db, content, channels, visitors, now } = deps;

  return {
    async listPublished() {
      const docs = await documents.exhibitionDocs(await listExhibitions(db, true));
      const rank: Record<TExhibitionState, number> = { open: 0, upcoming: 1, closed: 2 };
      return docs.sort((a, b) => {
        if (a.state !== b.state) return rank[a.state] - rank[b.state];
        if (a.state === "open") return a.closes_at.localeCompare(b.closes_at);
        if (a.state === "upcoming") return a.opens_at.localeCompare(b.opens_at);
        return b.closes_at.localeCompare(a.closes_at);
      });
    },

    async hall(exhibitionId, lang) {
      const row = await publishedExhibition(db, exhibitionId);
      const booths = await boothsOfExhibition(db, row.id, true);
      const docs = await documents.cards(booths, lang);
      return { doc: toExhibitionDoc(row, booths.length, now()), slots: slotDocs(row, booths), booths: docs };
    },

    async boothPage(boothId, lang) {
      const { row, exhibition } = await visibleBooth(db, boothId);
      const [doc, ex] = await Promise.all([
        documents.page(row, lang, await levelOf(deps, row.ownerId)),
        documents.exhibitionDoc(exhibition),
      ]);
      return { doc, exhibition: ex };
    },

    async boothProduct(boothId, contentId) {
      const { row } = await visibleBooth(db, boothId);
      const level = await levelOf(deps, row.ownerId);
      const shown = row.productIds.slice(0, countLimit(level, "booth_product"));
      if (!shown.includes(contentId)) throw new AppError("notFound");
      const view = await content.visitorView(contentId);
      if (view?.status !== "ready" || !view.modelUrl || view.ownerId !== row.ownerId) {
        throw new AppError("notFound");
      }
      const platform = PLAN_LIMITS[level].platform;
      return {
        doc: sharedContentDoc(view),
        branding: { show_logo: !platform.remove_platform_logo, show_ads: !platform.remove_platform_ads },
      };
    },

    async countView(boothId, visitor) {
      const row = await findBooth(db, boothId);
      if (!row) throw new AppError("notFound");
      if (!(await visitors.firstToday(visitor, row.ownerId, `booth:${row.id}`))) return false;
      return addBoothView(db, row.id);
    },

    async boothNames(boothIds) {
      const out = new Map<string, string>();
      const rows = [];
      for (const id of new Set(boothIds)) {
        const row = await findBooth(db, id);
        if (row) rows.push(row);
      }
      const byOwner = await channels.publicChannelsOfOwners(
        rows.map((r) => r.ownerId),
        "en",
      );
      for (const row of rows) {
        const name = row.logoText.trim() || byOwner.get(row.ownerId)?.channel_name || row.id;
        out.set(row.id, name);
      }
      return out;
    },

    async preview(boothId) {
      try {
        const { row, exhibition } = await visibleBooth(db, boothId);
        const channel = (await channels.publicChannelsOfOwners([row.ownerId], "en")).get(row.ownerId);
        return {
          name: row.logoText.trim() || channel?.channel_name || "Booth",
          exhibition: exhibition.name.en,
          imageUrl: row.imageUrls[0] ?? channel?.logo_url ?? null,
        };
      } catch {
        return null;
      }
    },
  };
}
