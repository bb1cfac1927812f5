/**
 * The owner's share links: create (open or password), create sealed, list with the month's
 * accesses and the plan's allowance, delete. Every path goes through the content service's
 * `ownContent`, so another owner's content or link answers `notFound` and is never touched.
 */
import { createReadStream } from "node:fs";
import {
  AppError,
  countLimit,
  PLAN_LIMITS,
  type TPlanLevel,
  type TShareLinkAllowance,
  type TShareLinkDoc,
} from "@vitrine/contract";
import { sql } from "drizzle-orm";
import { shareLinks } from "../../db/schema/sharing";
import type { TAuth } from "../../platform/types";
import { hashPassword } from "../accounts/index";
import type { TContentRow } from "../content/service";
import { ownerLevel, removeRows, removeUnusedSealed, type TSharingDeps } from "./deps";
import { allowanceOf, newSharelinkUrl, toDoc } from "./docs";
import { countLinks, findLink, linksOfContent, monthAccesses, monthOf, type TShareLinkRow } from "./queries";

/** A received sealed snapshot, still in the upload temp folder. */
export interface TSealedFile {
  path: string;
  size: number;
  sha256: string;
}

/** The owner's link verbs. */
export interface TShareLinks {
  create(auth: TAuth, contentId: string, password: string | undefined): Promise<TShareLinkDoc>;
  createSealed(auth: TAuth, contentId: string, file: TSealedFile): Promise<TShareLinkDoc>;
  list(auth: TAuth, contentId: string): Promise<{ docs: TShareLinkDoc[]; allowance: TShareLinkAllowance }>;
  remove(auth: TAuth, sharelinkUrl: string): Promise<void>;
}

function checkLimit(level: TPlanLevel, current: number): void {
  if (current >= countLimit(level, "sharelink")) {
    throw new AppError("planLimit", { data: { limit: "sharelink" } });
  }
}

/** Creates the owner's link verbs. */
export function createShareLinks(deps: TSharingDeps): TShareLinks {
  const { db, blobs, content, now } = deps;

  /** The caller's ready content and its owner's level. */
  async function shareableContent(
    auth: TAuth,
    contentId: string,
  ): Promise<{ row: TContentRow; level: TPlanLevel }> {
    const row = await content.ownContent(auth, contentId);
    if (row.status !== "ready") throw new AppError("contentNotReady");
    const level = await ownerLevel(deps, row.ownerId);
    if (!level) throw new AppError("notFound");
    return { row, level };
  }

  /**
   * Inserts a link once the content's count allows it. An advisory lock per content makes
   * concurrent creates wait for each other, so two of them never both take the last place.
   */
  async function insertLink(
    level: TPlanLevel,
    values: Omit<typeof shareLinks.$inferInsert, "url" | "createdAt">,
  ): Promise<TShareLinkRow> {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sharelink:${values.contentId}`}))`);
      checkLimit(level, await countLinks(tx, values.contentId));
      const [created] = await tx
        .insert(shareLinks)
        .values({ ...values, url: newSharelinkUrl(), createdAt: now() })
        .returning();
      return created;
    });
    if (!row) throw new Error("share link insert returned no row");
    return row;
  }

  return {
    async create(auth, contentId, password) {
      const { row, level } = await shareableContent(auth, contentId);
      if (password !== undefined && !PLAN_LIMITS[level].sharing.enable_password) {
        throw new AppError("sharePasswordPlan");
      }
      // Checked before hashing too, so a full content costs no argon2 run.
      checkLimit(level, await countLinks(db, row.id));
      const passwordHash = password === undefined ? null : await hashPassword(password);
      const created = await insertLink(level, {
        contentId: row.id,
        ownerId: row.ownerId,
        kind: passwordHash ? "password" : "open",
        passwordHash,
      });
      return toDoc(created, 0, PLAN_LIMITS[level].sharing.monthly_access_limit);
    },

    async createSealed(auth, contentId, file) {
      const { row, level } = await shareableContent(auth, contentId);
      checkLimit(level, await countLinks(db, row.id));
      const key = `${file.sha256}.sealed`;
      if ((await blobs.head(key)) === null) {
        await blobs.put(key, createReadStream(file.path), { contentType: "application/octet-stream" });
      }
      let created: TShareLinkRow;
      try {
        created = await insertLink(level, {
          contentId: row.id,
          ownerId: row.ownerId,
          kind: "sealed",
          sealedKey: key,
          sealedBytes: file.size,
        });
      } catch (error) {
        await removeUnusedSealed(deps, [key]);
        throw error;
      }
      return toDoc(created, 0, PLAN_LIMITS[level].sharing.monthly_access_limit);
    },

    async list(auth, contentId) {
      const row = await content.ownContent(auth, contentId);
      const level = (await ownerLevel(deps, row.ownerId)) ?? "basic";
      const links = await linksOfContent(db, row.id);
      const month = await monthAccesses(
        db,
        links.map((l) => l.url),
        monthOf(now()),
      );
      const monthLimit = PLAN_LIMITS[level].sharing.monthly_access_limit;
      return {
        docs: links.map((link) => toDoc(link, month.get(link.url) ?? 0, monthLimit)),
        allowance: allowanceOf(level),
      };
    },

    async remove(auth, sharelinkUrl) {
      const link = await findLink(db, sharelinkUrl);
      if (!link) throw new AppError("notFound");
      // Throws notFound for another owner's content, so their links are never touched.
      await content.ownContent(auth, link.contentId);
      await removeRows(deps, [link]);
    },
  };
}
