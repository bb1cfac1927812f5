/**
 * Model processing: the job's run (the optimiser in a child process, the drawn thumbnail, the
 * result stored), the step under way for the studio, a failure the owner reads, and the owner's
 * retry of a failed content.
 */
import { AppError, type TContentDoc, type TProcessingStep } from "@vitrine/contract";
import { and, eq, sql } from "drizzle-orm";
import { contents, uploads } from "../../db/schema/content";
import { putWithHash } from "../../platform/blobs/index";
import type { TAuth } from "../../platform/types";
import { findOwnContent, queueProcessing, removeUnreferenced, type TContentDeps, uploadId } from "./deps";
import type { TContentEvents } from "./events";
import { blobUrl, toContentDoc } from "./mapper";
import { optimizeInChild, ProcessingError } from "./pipeline/index";
import { findContent, type TContentRow } from "./queries";

const RETRY_ONLY_FAILED = "Only a model whose processing failed can be processed again.";

/** The processing verbs. */
export interface TContentProcessing {
  /** Optimises the model of a `processing` content; a failure marks it `failed` with a reason. */
  process(contentId: string): Promise<void>;
  /** Marks a `processing` content as failed with a reason the owner reads. */
  markFailed(contentId: string, reason: string): Promise<void>;
  retry(auth: TAuth, contentId: string): Promise<TContentDoc>;
}

/** Creates the processing verbs. */
export function createContentProcessing(deps: TContentDeps, events: TContentEvents): TContentProcessing {
  const { db, blobs, jobs, logger, now } = deps;

  async function markFailed(contentId: string, reason: string): Promise<void> {
    await db
      .update(contents)
      .set({
        status: "failed",
        failureReason: reason,
        processingStep: null,
        processingPercent: null,
        updatedAt: now(),
      })
      .where(and(eq(contents.id, contentId), eq(contents.status, "processing")));
    await events.changed([contentId]);
  }

  /** Records the step under way (the studio shows it); `updatedAt` is left alone (list order). */
  async function markStep(contentId: string, step: TProcessingStep, percent: number): Promise<void> {
    await db
      .update(contents)
      .set({ processingStep: step, processingPercent: percent })
      .where(and(eq(contents.id, contentId), eq(contents.status, "processing")));
  }

  /**
   * Stores the drawn thumbnail as the owner's image upload (so the editor may keep it and it
   * goes with the content) and shows it unless the content already has one (the owner's capture
   * wins). Answers the blob key, to remove if the content went meanwhile.
   */
  async function storeThumbnail(row: TContentRow, jpeg: Uint8Array): Promise<string> {
    const key = await putWithHash(blobs, Buffer.from(jpeg), "image/jpeg", "jpg");
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.id, row.id), eq(contents.status, "processing")));
      if (!current) return;
      await tx.insert(uploads).values({
        id: uploadId(),
        ownerId: row.ownerId,
        key,
        kind: "image",
        purpose: "thumbnail",
        contentId: row.id,
        bytes: jpeg.byteLength,
        createdAt: now(),
      });
      await tx
        .update(contents)
        .set({ thumbnailUrl: sql`coalesce(${contents.thumbnailUrl}, ${blobUrl(key)})` })
        .where(eq(contents.id, row.id));
    });
    return key;
  }

  return {
    async process(contentId) {
      const row = await findContent(db, contentId);
      if (row?.status !== "processing") return;
      const blob = await blobs.get(row.originalKey);
      if (!blob) {
        await markFailed(row.id, "The uploaded model file could not be read from storage. Please try again.");
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of blob.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const input = new Uint8Array(Buffer.concat(chunks));
      let result: Awaited<ReturnType<typeof optimizeInChild>>;
      try {
        // In a child process that exits when done: what processing takes, it gives back.
        result = await optimizeInChild(input, (step, percent) => markStep(row.id, step, percent));
      } catch (error) {
        const reason = error instanceof ProcessingError ? error.reason : "The model could not be processed.";
        const cause =
          error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
        logger.warn({ contentId: row.id, reason, cause }, "model processing failed");
        await markFailed(row.id, reason);
        return;
      }
      if (result.thumbnailError !== undefined) {
        const cause = result.thumbnailError instanceof Error ? result.thumbnailError.message : "unknown";
        logger.warn({ contentId: row.id, cause }, "thumbnail not drawn");
      }
      await markStep(row.id, "saving", 90);
      const key = await putWithHash(blobs, Buffer.from(result.bytes), "model/gltf-binary", "glb");
      const thumbnailKey = result.thumbnail ? await storeThumbnail(row, result.thumbnail) : null;
      const done = await db
        .update(contents)
        .set({
          status: "ready",
          modelKey: key,
          modelInfo: result.info,
          failureReason: null,
          processingStep: null,
          processingPercent: null,
          updatedAt: now(),
        })
        .where(and(eq(contents.id, row.id), eq(contents.status, "processing")))
        .returning({ id: contents.id });
      // Deleted (or retried elsewhere) meanwhile: do not leave orphan blobs behind.
      if (done.length === 0) await removeUnreferenced(deps, [key, ...(thumbnailKey ? [thumbnailKey] : [])]);
      else await events.changed([row.id]);
    },

    markFailed,

    async retry(auth, contentId) {
      const row = await findOwnContent(db, auth, contentId);
      if (row.status !== "failed") {
        throw new AppError("validation", { fields: { content_id: RETRY_ONLY_FAILED } });
      }
      const [updated] = await db
        .update(contents)
        .set({
          status: "processing",
          failureReason: null,
          processingStep: null,
          processingPercent: null,
          updatedAt: now(),
        })
        .where(and(eq(contents.id, row.id), eq(contents.status, "failed")))
        .returning();
      if (!updated) throw new AppError("validation", { fields: { content_id: RETRY_ONLY_FAILED } });
      await events.changed([row.id]);
      await queueProcessing(jobs, row.id);
      return toContentDoc(updated);
    },
  };
}
