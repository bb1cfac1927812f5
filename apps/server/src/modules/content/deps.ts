/** What the content verbs need, and the small pieces several of them use. */
import { randomUUID } from "node:crypto";
import { AppError, DEFAULT_SCENE, type TBuild, type TSpecification, type TUserInfo } from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TBlobStore, TDrizzle, TJobQueue } from "../../platform/types";
import { canEditContent } from "./policy";
import { findContent, referencedKeys, type TContentRow } from "./queries";

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
export function uploadId(): string {
  return `upload_${randomUUID()}`;
}

/** Longest title. */
export const TITLE_MAX = 100;

/** The title a model's file name gives: the name without its extension. */
export function titleFromFilename(filename: string): string {
  const title = filename.replace(/\.[^.]*$/, "").trim();
  return (title === "" ? "Untitled model" : title).slice(0, TITLE_MAX);
}

/** What the content service needs of the accounts module. */
export interface TContentAccounts {
  userInfo(userId: string): Promise<TUserInfo>;
  /** Locks the owner's row inside the caller's transaction, to the commit (the content limit). */
  lockUser(tx: TDrizzle, userId: string): Promise<void>;
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

/** The caller's content, or `notFound` (also for anyone else's). */
export async function findOwnContent(db: TDrizzle, auth: TAuth, contentId: string): Promise<TContentRow> {
  const row = await findContent(db, contentId);
  // Someone else's content answers exactly like a missing one, so ids reveal nothing.
  if (!row || !canEditContent(auth, row)) throw new AppError("notFound");
  return row;
}

/** Queues the processing of a content's model. */
export async function queueProcessing(jobs: TJobQueue, contentId: string): Promise<void> {
  await jobs.enqueue(PROCESS_JOB, { content_id: contentId }, { maxAttempts: PROCESS_MAX_ATTEMPTS });
}

/** Deletes the blobs among `keys` that no content or upload row names any more. */
export async function removeUnreferenced(
  deps: Pick<TContentDeps, "db" | "blobs" | "logger">,
  keys: readonly string[],
): Promise<void> {
  const { db, blobs, logger } = deps;
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
