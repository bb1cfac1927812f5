/**
 * Contents as visitors see them, whoever owns them: one content (share links, embeds), the public
 * lists (channels, feed, showcase, booths) and the view count. Callers apply the policy.
 */
import {
  AppError,
  type TBuild,
  type TSharedContent,
  type TSpecification,
  type TVec3,
} from "@vitrine/contract";
import { eq, sql } from "drizzle-orm";
import { contents } from "../../db/schema/content";
import type { TDrizzle } from "../../platform/types";
import { blobUrl } from "./mapper";
import {
  findContent,
  ownersWithPublicContent,
  publicContents,
  publicContentsByIds,
  readyContentsByIds,
  type TContentRow,
  type TPublicQuery,
} from "./queries";

/** What a visitor may see of a content (the sharing module answers it through share links). */
export interface TContentVisitorView {
  contentId: string;
  ownerId: string;
  title: string;
  status: TContentRow["status"];
  isPublic: boolean;
  /** The optimised model; null until processing succeeds. */
  modelUrl: string | null;
  thumbnailUrl: string | null;
  build: TBuild;
  specification: TSpecification;
  /** Bounding-box size in metres; null until processing succeeds. */
  dimensions: TVec3 | null;
  views: number;
}

/** A public ready content as visitors' lists show it (channel page, feed, showcase). */
export interface TPublicContent {
  contentId: string;
  ownerId: string;
  title: string;
  thumbnailUrl: string | null;
  views: number;
  createdAt: Date;
}

/** The visitors' reads. */
export interface TContentVisitors {
  /** A content as visitors see it, whoever owns it; null when there is none (callers apply the policy). */
  visitorView(contentId: string): Promise<TContentVisitorView | null>;
  /** Ready public contents, of some owners or all (channels, feed, showcase). */
  publicContents(query: TPublicQuery): Promise<TPublicContent[]>;
  /** The ready public contents among `ids` (in no particular order). */
  publicContentsByIds(ids: readonly string[]): Promise<TPublicContent[]>;
  /** The owners among `ownerIds` with at least one ready public content. */
  ownersWithPublicContent(ownerIds: readonly string[]): Promise<Set<string>>;
  /** The ready contents among `ids`, public or not (booths show the ones their owner chose). */
  readyContentsByIds(ids: readonly string[]): Promise<TPublicContent[]>;
  /** Adds one view to a content; false when there is no such content. */
  addView(contentId: string): Promise<boolean>;
}

/**
 * The content a visitor's viewer loads (share link, channel page, booth), after the caller's
 * policy let the visitor see it; a content without an optimised model is not there to see.
 */
export function sharedContentDoc(view: TContentVisitorView): TSharedContent {
  if (!view.modelUrl) throw new AppError("notFound");
  return {
    content_id: view.contentId,
    title: view.title,
    model_url: view.modelUrl,
    thumbnail_url: view.thumbnailUrl,
    build: view.build,
    specification: view.specification,
    dimensions: view.dimensions,
    views: view.views,
  };
}

function toPublicContent(row: TContentRow): TPublicContent {
  return {
    contentId: row.id,
    ownerId: row.ownerId,
    title: row.title,
    thumbnailUrl: row.thumbnailUrl,
    views: row.views,
    createdAt: row.createdAt,
  };
}

/** Creates the visitors' reads. */
export function createContentVisitors(db: TDrizzle): TContentVisitors {
  return {
    async visitorView(contentId) {
      const row = await findContent(db, contentId);
      if (!row) return null;
      return {
        contentId: row.id,
        ownerId: row.ownerId,
        title: row.title,
        status: row.status,
        isPublic: row.isPublic,
        modelUrl: row.modelKey ? blobUrl(row.modelKey) : null,
        thumbnailUrl: row.thumbnailUrl,
        build: row.build,
        specification: row.specification,
        dimensions: row.modelInfo?.dimensions ?? null,
        views: row.views,
      };
    },

    async publicContents(query) {
      return (await publicContents(db, query)).map(toPublicContent);
    },

    async publicContentsByIds(ids) {
      return (await publicContentsByIds(db, ids)).map(toPublicContent);
    },

    async ownersWithPublicContent(ownerIds) {
      return ownersWithPublicContent(db, ownerIds);
    },

    async readyContentsByIds(ids) {
      return (await readyContentsByIds(db, ids)).map(toPublicContent);
    },

    async addView(contentId) {
      const done = await db
        .update(contents)
        .set({ views: sql`${contents.views} + 1` })
        .where(eq(contents.id, contentId))
        .returning({ id: contents.id });
      return done.length > 0;
    },
  };
}
