/**
 * The owner's uploads: recording a stored file as the owner's, telling which `/blobs/…` URLs
 * name the owner's own uploads, and removing everything of an owner (account deleted).
 */
import { eq, inArray } from "drizzle-orm";
import { contents, uploads } from "../../db/schema/content";
import { removeUnreferenced, type TContentDeps, uploadId } from "./deps";
import type { TContentEvents } from "./events";
import { contentsOfOwner, ownedKeys, type TUploadKind, uploadsOfOwner } from "./queries";

/** A file upload to record. */
export interface TUploadRecord {
  ownerId: string;
  key: string;
  kind: TUploadKind;
  purpose?: string | null;
  contentId?: string | null;
  bytes: number;
}

/** The upload bookkeeping verbs. */
export interface TContentUploads {
  /** Records an uploaded file as the owner's. */
  recordUpload(record: TUploadRecord): Promise<void>;
  /** The `/blobs/…` URLs among `urls` that name images the owner uploaded. */
  ownedImageUrls(ownerId: string, urls: readonly string[]): Promise<Set<string>>;
  /** The `/blobs/…` URLs among `urls` that name uploads of `kind` the owner made. */
  ownedUploadUrls(ownerId: string, urls: readonly string[], kind: TUploadKind): Promise<Set<string>>;
  /** Deletes every content and upload of an owner, and the blobs nothing else uses. */
  removeOwnerData(ownerId: string): Promise<void>;
}

/** Creates the upload bookkeeping verbs. */
export function createContentUploads(deps: TContentDeps, events: TContentEvents): TContentUploads {
  const { db, now } = deps;

  async function ownedUrls(
    ownerId: string,
    urls: readonly string[],
    kind: TUploadKind,
  ): Promise<Set<string>> {
    const keyOf = (url: string) => /^\/blobs\/(.+)$/.exec(url)?.[1];
    const keys = urls.flatMap((url) => {
      const key = keyOf(url);
      return key ? [key] : [];
    });
    const owned = await ownedKeys(db, ownerId, keys, kind);
    return new Set(urls.filter((url) => owned.has(keyOf(url) ?? "")));
  }

  return {
    async recordUpload(record) {
      await db.insert(uploads).values({
        id: uploadId(),
        ownerId: record.ownerId,
        key: record.key,
        kind: record.kind,
        purpose: record.purpose ?? null,
        contentId: record.contentId ?? null,
        bytes: record.bytes,
        createdAt: now(),
      });
    },

    async ownedImageUrls(ownerId, urls) {
      return ownedUrls(ownerId, urls, "image");
    },

    async ownedUploadUrls(ownerId, urls, kind) {
      return ownedUrls(ownerId, urls, kind);
    },

    async removeOwnerData(ownerId) {
      const [rows, files] = await Promise.all([contentsOfOwner(db, ownerId), uploadsOfOwner(db, ownerId)]);
      const ids = rows.map((r) => r.id);
      await db.transaction(async (tx) => {
        await tx.delete(uploads).where(eq(uploads.ownerId, ownerId));
        if (ids.length > 0) await tx.delete(uploads).where(inArray(uploads.contentId, ids));
        await tx.delete(contents).where(eq(contents.ownerId, ownerId));
      });
      await removeUnreferenced(deps, [
        ...rows.flatMap((r) => [r.originalKey, ...(r.modelKey ? [r.modelKey] : [])]),
        ...files.map((f) => f.key),
      ]);
      await events.deleted(ids);
    },
  };
}
