/**
 * The owner's contents: creating one from an accepted model, the list, the detail, a copy and
 * deletion. Every path goes through `ownContent`, which applies `canEditContent` and answers
 * `notFound` for anyone else's content.
 */
import { newId, type TBuild, type TContentDoc, type TContentSummary } from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { contents, uploads } from "../../db/schema/content";
import { putWithHash } from "../../platform/blobs/index";
import type { TAuth } from "../../platform/types";
import {
  emptyBuild,
  emptySpecification,
  findOwnContent,
  queueProcessing,
  removeUnreferenced,
  type TContentDeps,
  TITLE_MAX,
  uploadId,
} from "./deps";
import type { TContentEvents } from "./events";
import { toContentDoc, toContentSummary } from "./mapper";
import { listContents, type TContentRow, type TContentSort, uploadsOfContent } from "./queries";
import { checkContentRoom, claimRoom } from "./room";

/** A content to create from an accepted model. */
export interface TNewContent {
  ownerId: string;
  title: string;
  /** The original model, one `.glb`. */
  glb: Uint8Array;
  build?: TBuild;
  isPublic?: boolean;
  /** Produced by Vitrine (motion steps open, SPEC §1). */
  isProduced?: boolean;
  /** The owner's content limit, checked again under the owner's row lock (none: not limited). */
  maxContents?: number;
}

/** The owner's verbs on their contents. */
export interface TOwnerContents {
  /** Stores the original, creates the content (`processing`) and queues its processing. */
  create(input: TNewContent): Promise<TContentRow>;
  /** The caller's content, or `notFound` (also for anyone else's). */
  ownContent(auth: TAuth, contentId: string): Promise<TContentRow>;
  list(auth: TAuth, search: string, sort: TContentSort): Promise<TContentSummary[]>;
  detail(auth: TAuth, contentId: string): Promise<TContentDoc>;
  duplicate(auth: TAuth, contentId: string): Promise<TContentDoc>;
  /**
   * Refuses a new content past the owner's plan limit (`content.limit_count`) with `planLimit`
   * naming it, and answers that limit for `create` to check again under the owner's row lock.
   * Contents already held stay (a plan that ended deletes nothing).
   */
  checkContentRoom(auth: TAuth): Promise<number>;
  remove(auth: TAuth, contentId: string): Promise<void>;
}

/** Creates the owner's verbs. */
export function createOwnerContents(deps: TContentDeps, events: TContentEvents): TOwnerContents {
  const { db, blobs, jobs, now } = deps;
  const ownContent = (auth: TAuth, contentId: string) => findOwnContent(db, auth, contentId);
  const room = (auth: TAuth) => checkContentRoom(deps, auth);

  return {
    async create(input) {
      const key = await putWithHash(blobs, Buffer.from(input.glb), "model/gltf-binary", "glb");
      const id = newId("content");
      const at = now();
      let row: TContentRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          await claimRoom(deps.accounts, tx, input.ownerId, input.maxContents);
          const [created] = await tx
            .insert(contents)
            .values({
              id,
              ownerId: input.ownerId,
              title: input.title.slice(0, TITLE_MAX),
              status: "processing",
              isPublic: input.isPublic ?? false,
              isProduced: input.isProduced ?? false,
              originalKey: key,
              build: input.build ?? emptyBuild(),
              specification: emptySpecification(),
              createdAt: at,
              updatedAt: at,
            })
            .returning();
          await tx.insert(uploads).values({
            id: uploadId(),
            ownerId: input.ownerId,
            key,
            kind: "model",
            contentId: id,
            bytes: input.glb.byteLength,
            createdAt: at,
          });
          return created;
        });
      } catch (error) {
        await removeUnreferenced(deps, [key]);
        throw error;
      }
      if (!row) throw new Error("content insert returned no row");
      await queueProcessing(jobs, id);
      return row;
    },

    ownContent,

    async list(auth, search, sort) {
      return (await listContents(db, auth.userId, search, sort)).map(toContentSummary);
    },

    async detail(auth, contentId) {
      return toContentDoc(await ownContent(auth, contentId));
    },

    checkContentRoom: room,

    async duplicate(auth, contentId) {
      const row = await ownContent(auth, contentId);
      const max = await room(auth);
      const id = newId("content");
      const at = now();
      // A model still processing is processed again for the copy; the result is the same blob.
      const isProcessing = row.status === "processing";
      const copy = await db.transaction(async (tx) => {
        await claimRoom(deps.accounts, tx, auth.userId, max);
        const [created] = await tx
          .insert(contents)
          .values({
            ...row,
            id,
            title: `${row.title} (copy)`.slice(0, TITLE_MAX),
            isPublic: false,
            views: 0,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        // The copy holds its own upload rows, so deleting the source keeps the copy's files.
        const files = await uploadsOfContent(tx, row.id);
        if (files.length > 0) {
          await tx.insert(uploads).values(
            files.map((file) => ({
              ...file,
              id: uploadId(),
              contentId: id,
              createdAt: at,
            })),
          );
        }
        return created;
      });
      if (!copy) throw new Error("content insert returned no row");
      if (isProcessing) await queueProcessing(jobs, id);
      return toContentDoc(copy);
    },

    async remove(auth, contentId) {
      const row = await ownContent(auth, contentId);
      const files = await db.transaction(async (tx) => {
        const rows = await uploadsOfContent(tx, row.id);
        await tx.delete(uploads).where(eq(uploads.contentId, row.id));
        await tx.delete(contents).where(eq(contents.id, row.id));
        return rows;
      });
      const keys = [row.originalKey, ...(row.modelKey ? [row.modelKey] : []), ...files.map((f) => f.key)];
      await removeUnreferenced(deps, keys);
      await events.deleted([row.id]);
    },
  };
}
