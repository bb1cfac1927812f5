/** Maps content rows to the contract's documents. */
import type { TContentDoc, TContentSummary, TProcessing } from "@vitrine/contract";
import type { TContentRow } from "./queries";

/** The URL a blob is served at. */
export function blobUrl(key: string): string {
  return `/blobs/${key}`;
}

/** Where a content's processing is; null once it is ready or failed. */
function processingOf(row: TContentRow): TProcessing | null {
  if (row.status !== "processing") return null;
  return { step: row.processingStep ?? "queued", percent: row.processingPercent ?? 0 };
}

/** One content as its owner sees it. */
export function toContentDoc(row: TContentRow): TContentDoc {
  return {
    content_id: row.id,
    title: row.title,
    status: row.status,
    failure_reason:
      row.status === "failed" ? (row.failureReason ?? "The model could not be processed.") : null,
    processing: processingOf(row),
    is_public: row.isPublic,
    is_produced: row.isProduced,
    model_url: row.modelKey ? blobUrl(row.modelKey) : null,
    original_url: blobUrl(row.originalKey),
    thumbnail_url: row.thumbnailUrl,
    build: row.build,
    specification: row.specification,
    model_info: row.modelInfo,
    views: row.views,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One row of the studio list. */
export function toContentSummary(row: TContentRow): TContentSummary {
  return {
    content_id: row.id,
    title: row.title,
    status: row.status,
    processing: processingOf(row),
    is_public: row.isPublic,
    thumbnail_url: row.thumbnailUrl,
    views: row.views,
    updated_at: row.updatedAt.toISOString(),
  };
}
