/**
 * The content service: creating a content from an accepted model, the owner's calls (list,
 * detail, update, duplicate, delete, retry), the produced mark, upload records, model
 * processing and the removal of an owner's data. Every owner path goes through `ownContent`,
 * which applies `canEditContent` and answers `notFound` for anyone else's content.
 */
import { randomUUID } from "node:crypto";
import {
  AppError,
  countLimit,
  DEFAULT_SCENE,
  newId,
  PLAN_LIMITS,
  planLevel,
  type TBuild,
  type TContentDoc,
  type TContentSummary,
  type TFieldErrors,
  type TProcessingStep,
  type TSpecification,
  type TUserInfo,
  type TVec3,
} from "@vitrine/contract";
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { contents, uploads } from "../../db/schema/content";
import type { TAuditService } from "../../platform/audit";
import { putWithHash } from "../../platform/blobs/index";
import type { TAuth, TBlobStore, TDrizzle, TJobQueue } from "../../platform/types";
import { blobUrl, toContentDoc, toContentSummary } from "./mapper";
import {
  checkDrawable,
  checkRequiredExtensions,
  optimizeInChild,
  ProcessingError,
  readGltfJson,
  validateModel,
} from "./pipeline/index";
import { blobReferencesOf, canEditContent, checkMotionSteps, checkPlanLimits, NOT_YOUR_FILE } from "./policy";
import {
  contentsOfOwner,
  findContent,
  listContents,
  ownedKeys,
  ownersWithPublicContent,
  publicContents,
  publicContentsByIds,
  readyContentsByIds,
  referencedKeys,
  type TContentRow,
  type TContentSort,
  type TPublicQuery,
  type TUploadKind,
  uploadsOfContent,
  uploadsOfOwner,
} from "./queries";

/** The job that optimises a content's model. */
export const PROCESS_JOB = "content.process";
/** Tries of a processing job (storage or database trouble; a bad model fails at once). */
export const PROCESS_MAX_ATTEMPTS = 3;

/** A new content's build data: no annotations or steps, the default scene. */
export function emptyBuild(): TBuild {
  return { annotationinfo: [], animationinfo: [], materialinfo: [], sceneinfo: DEFAULT_SCENE };
}

/** A new content's specification. */
export function emptySpecification(): TSpecification {
  return { images: [], homepage_url: null, purchase_url: null };
}

/** Id of an upload row (no contract names it): a prefix plus a UUID. */
function uploadId(): string {
  return `upload_${randomUUID()}`;
}

/** Longest title. */
const TITLE_MAX = 100;

/** The title a model's file name gives: the name without its extension. */
export function titleFromFilename(filename: string): string {
  const title = filename.replace(/\.[^.]*$/, "").trim();
  return (title === "" ? "Untitled model" : title).slice(0, TITLE_MAX);
}

/** What the content service needs of the accounts module. */
export interface TContentAccounts {
  userInfo(userId: string): Promise<TUserInfo>;
}

/** The content service's dependencies. */
export interface TContentDeps {
  db: TDrizzle;
  blobs: TBlobStore;
  jobs: TJobQueue;
  logger: FastifyBaseLogger;
  accounts: TContentAccounts;
  /** The console's audit log (admin module): marking a content produced is a console action. */
  audit?: TAuditService;
  now: () => Date;
}

/** Who marked a content produced, for the audit log. */
export interface TContentActor {
  actorId: string;
  reason?: string | null;
}

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

/** A model produced by the operators for an owner (production delivery). */
export interface TProducedModel {
  /** The owner who receives it (not the operator who uploaded it). */
  ownerId: string;
  title: string;
  /** Blob key of the operator's `.glb` upload (`POST /api/upload/file`, purpose `production_model`). */
  modelKey: string;
}

/** A file upload to record. */
export interface TUploadRecord {
  ownerId: string;
  key: string;
  kind: TUploadKind;
  purpose?: string | null;
  contentId?: string | null;
  bytes: number;
}

/** The update call's input. */
export interface TContentUpdate {
  content_id: string;
  title?: string;
  is_public?: boolean;
  build?: TBuild;
  specification?: TSpecification;
  thumbnail_url?: string;
}

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

/** Told the ids of contents just deleted (by their owner, or with the owner's account). */
export type TContentsDeletedListener = (contentIds: string[]) => Promise<void>;

/** The content service. */
export interface TContentService {
  /** Stores the original, creates the content (`processing`) and queues its processing. */
  create(input: TNewContent): Promise<TContentRow>;
  /** The caller's content, or `notFound` (also for anyone else's). */
  ownContent(auth: TAuth, contentId: string): Promise<TContentRow>;
  list(auth: TAuth, search: string, sort: TContentSort): Promise<TContentSummary[]>;
  detail(auth: TAuth, contentId: string): Promise<TContentDoc>;
  update(auth: TAuth, input: TContentUpdate): Promise<TContentDoc>;
  duplicate(auth: TAuth, contentId: string): Promise<TContentDoc>;
  /**
   * Refuses a new content past the owner's plan limit (`content.limit_count`) with `planLimit`
   * naming it, and answers that limit for `create` to check again under the owner's row lock.
   * Contents already held stay (a plan that ended deletes nothing).
   */
  checkContentRoom(auth: TAuth): Promise<number>;
  remove(auth: TAuth, contentId: string): Promise<void>;
  retry(auth: TAuth, contentId: string): Promise<TContentDoc>;
  /** Marks a content as produced by Vitrine (super accounts); audited when `by` names the operator. */
  setProduced(contentId: string, isProduced: boolean, by?: TContentActor): Promise<TContentDoc>;
  /** Records an uploaded file as the owner's. */
  recordUpload(record: TUploadRecord): Promise<void>;
  /**
   * Creates a content for `ownerId` from a stored `.glb` (the same model checks as an upload),
   * marked produced, and queues its processing.
   */
  createProduced(model: TProducedModel): Promise<TContentRow>;
  /** Optimises the model of a `processing` content; a failure marks it `failed` with a reason. */
  process(contentId: string): Promise<void>;
  /** Marks a `processing` content as failed with a reason the owner reads. */
  markFailed(contentId: string, reason: string): Promise<void>;
  /** Deletes every content and upload of an owner, and the blobs nothing else uses. */
  removeOwnerData(ownerId: string): Promise<void>;
  /** A content as visitors see it, whoever owns it; null when there is none (callers apply the policy). */
  visitorView(contentId: string): Promise<TContentVisitorView | null>;
  /** Ready public contents, of some owners or all (channels, feed, showcase). */
  publicContents(query: TPublicQuery): Promise<TPublicContent[]>;
  /** The ready public contents among `ids` (in no particular order). */
  publicContentsByIds(ids: readonly string[]): Promise<TPublicContent[]>;
  /** The owners among `ownerIds` with at least one ready public content. */
  ownersWithPublicContent(ownerIds: readonly string[]): Promise<Set<string>>;
  /** The `/blobs/…` URLs among `urls` that name images the owner uploaded. */
  ownedImageUrls(ownerId: string, urls: readonly string[]): Promise<Set<string>>;
  /** The `/blobs/…` URLs among `urls` that name uploads of `kind` the owner made. */
  ownedUploadUrls(ownerId: string, urls: readonly string[], kind: TUploadKind): Promise<Set<string>>;
  /** The ready contents among `ids`, public or not (booths show the ones their owner chose). */
  readyContentsByIds(ids: readonly string[]): Promise<TPublicContent[]>;
  /** Adds one view to a content; false when there is no such content. */
  addView(contentId: string): Promise<boolean>;
  /** Registers a listener run after contents are deleted (their share links go with them). */
  onContentsDeleted(listener: TContentsDeletedListener): void;
  /**
   * Registers a listener run after a content's row changed (title, visibility, build, status…);
   * caches of what visitors see (sharing) drop their copy. Awaited before the change answers.
   */
  onContentsChanged(listener: TContentsDeletedListener): void;
  /** The operators' console: contents by id or by owner (newest first), and counts. */
  operators: TContentOperators;
}

/** A content as the operators' console sees it. */
export interface TOperatorContent {
  contentId: string;
  title: string;
  ownerId: string;
  status: TContentRow["status"];
  isProduced: boolean;
  thumbnailUrl: string | null;
  createdAt: Date;
}

/** What the operators' console (admin module) asks of contents. */
export interface TContentOperators {
  /** The content with this id and/or the newest `limit` of this owner. */
  find(query: { contentId?: string; ownerId?: string }, limit: number): Promise<TOperatorContent[]>;
  /** Contents of one owner. */
  countOf(ownerId: string): Promise<number>;
  /** Every content, and those marked produced. */
  counts(): Promise<{ contents: number; produced: number }>;
}

function toOperatorContent(row: TContentRow): TOperatorContent {
  return {
    contentId: row.id,
    title: row.title,
    ownerId: row.ownerId,
    status: row.status,
    isProduced: row.isProduced,
    thumbnailUrl: row.thumbnailUrl,
    createdAt: row.createdAt,
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

const RETRY_ONLY_FAILED = "Only a model whose processing failed can be processed again.";

/** Creates the content service. */
export function createContentService(deps: TContentDeps): TContentService {
  const { db, blobs, jobs, logger, now } = deps;
  const deletedListeners: TContentsDeletedListener[] = [];
  const changedListeners: TContentsDeletedListener[] = [];

  /** Tells the change listeners; a failing one is logged (its cache entries then expire). */
  async function contentsChanged(contentIds: string[]): Promise<void> {
    for (const listener of changedListeners) {
      try {
        await listener(contentIds);
      } catch (error) {
        logger.error({ err: error, contentIds }, "content changed listener failed");
      }
    }
  }

  /** Tells the listeners; a failing one is logged and never undoes the deletion. */
  async function contentsDeleted(contentIds: string[]): Promise<void> {
    if (contentIds.length === 0) return;
    for (const listener of deletedListeners) {
      try {
        await listener(contentIds);
      } catch (error) {
        logger.error({ err: error, contentIds }, "content deleted listener failed");
      }
    }
  }

  /** Deletes the blobs among `keys` that no content or upload row names any more. */
  async function removeUnreferenced(keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys)];
    const used = await referencedKeys(db, unique);
    for (const key of unique) {
      if (used.has(key)) continue;
      try {
        await blobs.delete(key);
      } catch (error) {
        logger.warn({ key, err: error instanceof Error ? error.message : String(error) }, "blob not removed");
      }
    }
  }

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

  async function ownContent(auth: TAuth, contentId: string): Promise<TContentRow> {
    const row = await findContent(db, contentId);
    // Someone else's content answers exactly like a missing one, so ids reveal nothing.
    if (!row || !canEditContent(auth, row)) throw new AppError("notFound");
    return row;
  }

  async function queueProcessing(contentId: string): Promise<void> {
    await jobs.enqueue(PROCESS_JOB, { content_id: contentId }, { maxAttempts: PROCESS_MAX_ATTEMPTS });
  }

  async function checkReferences(auth: TAuth, input: TContentUpdate): Promise<void> {
    const refs = blobReferencesOf(input);
    if (refs.length === 0) return;
    const fields: TFieldErrors = {};
    for (const kind of ["image", "video"] as const) {
      const ofKind = refs.filter((r) => r.kind === kind);
      const owned = await ownedKeys(
        db,
        auth.userId,
        ofKind.map((r) => r.key),
        kind,
      );
      for (const ref of ofKind) if (!owned.has(ref.key)) fields[ref.field] ??= NOT_YOUR_FILE;
    }
    if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
  }

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
    await contentsChanged([contentId]);
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

  async function checkContentRoom(auth: TAuth): Promise<number> {
    const info = await deps.accounts.userInfo(auth.userId);
    const level = planLevel({
      active_plane: info.active_plane,
      payment_status: info.plane_info.subscribed,
      trial: info.trial,
    });
    const max = countLimit(level, "content");
    await roomIn(db, auth.userId, max);
    return max;
  }

  /** `planLimit` when the owner already holds `max` contents (counted in `handle`). */
  async function roomIn(handle: TDrizzle, ownerId: string, max: number): Promise<void> {
    const [held] = await handle.select({ n: count() }).from(contents).where(eq(contents.ownerId, ownerId));
    if ((held?.n ?? 0) >= max) {
      throw new AppError("planLimit", {
        message: `Your plan's limit is reached: up to ${max} contents. Upgrade your plan to add more.`,
        data: { limit: "content", max },
      });
    }
  }

  /**
   * Inside a create's transaction: locks the owner's row (`SELECT … FOR UPDATE`, held to the
   * commit) and counts again, so two creates at the limit run one after the other and the second
   * sees the first's row. (PGlite has one connection: transactions never overlap there.)
   */
  async function claimRoom(tx: TDrizzle, ownerId: string, max: number | undefined): Promise<void> {
    if (max === undefined) return;
    await tx.execute(sql`select 1 from users where id = ${ownerId} for update`);
    await roomIn(tx, ownerId, max);
  }

  return {
    async create(input) {
      const key = await putWithHash(blobs, Buffer.from(input.glb), "model/gltf-binary", "glb");
      const id = newId("content");
      const at = now();
      let row: TContentRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          await claimRoom(tx, input.ownerId, input.maxContents);
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
        await removeUnreferenced([key]);
        throw error;
      }
      if (!row) throw new Error("content insert returned no row");
      await queueProcessing(id);
      return row;
    },

    ownContent,

    async list(auth, search, sort) {
      return (await listContents(db, auth.userId, search, sort)).map(toContentSummary);
    },

    async detail(auth, contentId) {
      return toContentDoc(await ownContent(auth, contentId));
    },

    async update(auth, input) {
      const row = await ownContent(auth, input.content_id);
      // Visitors only ever get ready contents, so one still processing (or failed) stays private.
      if (input.is_public === true && row.status !== "ready") throw new AppError("contentNotReady");
      if (input.build || input.specification) {
        const info = await deps.accounts.userInfo(auth.userId);
        const level = planLevel({
          active_plane: info.active_plane,
          payment_status: info.plane_info.subscribed,
          trial: info.trial,
        });
        checkPlanLimits(PLAN_LIMITS[level], input, row);
      }
      if (input.build) {
        checkMotionSteps(input.build, row.build, row.isProduced, row.modelInfo?.clips ?? null);
      }
      await checkReferences(auth, input);
      const [updated] = await db
        .update(contents)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.is_public !== undefined ? { isPublic: input.is_public } : {}),
          ...(input.build !== undefined ? { build: input.build } : {}),
          ...(input.specification !== undefined ? { specification: input.specification } : {}),
          ...(input.thumbnail_url !== undefined ? { thumbnailUrl: input.thumbnail_url } : {}),
          updatedAt: now(),
        })
        .where(and(eq(contents.id, row.id), eq(contents.ownerId, auth.userId)))
        .returning();
      if (!updated) throw new AppError("notFound");
      await contentsChanged([updated.id]);
      return toContentDoc(updated);
    },

    checkContentRoom,

    async duplicate(auth, contentId) {
      const row = await ownContent(auth, contentId);
      const max = await checkContentRoom(auth);
      const id = newId("content");
      const at = now();
      // A model still processing is processed again for the copy; the result is the same blob.
      const isProcessing = row.status === "processing";
      const copy = await db.transaction(async (tx) => {
        await claimRoom(tx, auth.userId, max);
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
      if (isProcessing) await queueProcessing(id);
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
      await removeUnreferenced(keys);
      await contentsDeleted([row.id]);
    },

    async retry(auth, contentId) {
      const row = await ownContent(auth, contentId);
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
      await contentsChanged([row.id]);
      await queueProcessing(row.id);
      return toContentDoc(updated);
    },

    async setProduced(contentId, isProduced, by) {
      const updated = await db.transaction(async (tx) => {
        const before = await findContent(tx, contentId);
        if (!before) throw new AppError("notFound");
        const [row] = await tx
          .update(contents)
          .set({ isProduced, updatedAt: now() })
          .where(eq(contents.id, contentId))
          .returning();
        if (!row) throw new AppError("notFound");
        if (by && deps.audit) {
          await deps.audit.audit(
            {
              actorId: by.actorId,
              action: "content.produced",
              targetType: "content",
              targetId: row.id,
              before: { is_produced: before.isProduced },
              after: { is_produced: row.isProduced, title: row.title, owner_id: row.ownerId },
              reason: by.reason ?? null,
            },
            tx,
          );
        }
        return row;
      });
      await contentsChanged([updated.id]);
      return toContentDoc(updated);
    },

    async createProduced(model) {
      const blob = await blobs.get(model.modelKey);
      if (!blob) throw new AppError("notFound");
      const chunks: Buffer[] = [];
      for await (const chunk of blob.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const glb = new Uint8Array(Buffer.concat(chunks));
      const json = readGltfJson("glb", glb, model.modelKey);
      await validateModel("glb", glb, new Map());
      await checkRequiredExtensions(json);
      checkDrawable(json);
      return this.create({ ownerId: model.ownerId, title: model.title, glb, isProduced: true });
    },

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
      if (done.length === 0) await removeUnreferenced([key, ...(thumbnailKey ? [thumbnailKey] : [])]);
      else await contentsChanged([row.id]);
    },

    markFailed,

    async removeOwnerData(ownerId) {
      const [rows, files] = await Promise.all([contentsOfOwner(db, ownerId), uploadsOfOwner(db, ownerId)]);
      const ids = rows.map((r) => r.id);
      await db.transaction(async (tx) => {
        await tx.delete(uploads).where(eq(uploads.ownerId, ownerId));
        if (ids.length > 0) await tx.delete(uploads).where(inArray(uploads.contentId, ids));
        await tx.delete(contents).where(eq(contents.ownerId, ownerId));
      });
      await removeUnreferenced([
        ...rows.flatMap((r) => [r.originalKey, ...(r.modelKey ? [r.modelKey] : [])]),
        ...files.map((f) => f.key),
      ]);
      await contentsDeleted(ids);
    },

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

    async ownedImageUrls(ownerId, urls) {
      return ownedUrls(ownerId, urls, "image");
    },

    async ownedUploadUrls(ownerId, urls, kind) {
      return ownedUrls(ownerId, urls, kind);
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

    onContentsDeleted(listener) {
      deletedListeners.push(listener);
    },

    onContentsChanged(listener) {
      changedListeners.push(listener);
    },

    operators: {
      async find(query, limit) {
        if (!query.contentId && !query.ownerId) return [];
        const rows = await db
          .select()
          .from(contents)
          .where(
            or(
              query.contentId ? eq(contents.id, query.contentId) : undefined,
              query.ownerId ? eq(contents.ownerId, query.ownerId) : undefined,
            ),
          )
          .orderBy(desc(contents.createdAt), desc(contents.id))
          .limit(limit);
        return rows.map(toOperatorContent);
      },
      async countOf(ownerId) {
        const [row] = await db.select({ n: count() }).from(contents).where(eq(contents.ownerId, ownerId));
        return row?.n ?? 0;
      },
      async counts() {
        const [row] = await db
          .select({
            contents: count(),
            produced: sql<number>`count(*) filter (where ${contents.isProduced})`.mapWith(Number),
          })
          .from(contents);
        return { contents: row?.contents ?? 0, produced: row?.produced ?? 0 };
      },
    },
  };
}
