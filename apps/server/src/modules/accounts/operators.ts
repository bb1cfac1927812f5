/**
 * What the operators' console (admin module) asks of accounts (issue 12): searching users by
 * e-mail, suspending and restoring an account (suspension ends its sessions; sign-in answers
 * `accountSuspended`), removing a super account (never the last one), and counts.
 */
import { AppError } from "@vitrine/contract";
import { and, count, desc, eq, ilike, inArray, isNotNull, sql } from "drizzle-orm";
import { users } from "../../db/schema/accounts";
import type { TDrizzle } from "../../platform/types";
import { normalizeEmail, type TAccountsDeps } from "./deps";
import { findUserByEmailId, findUserById, type TUserRow } from "./queries";
import type { TSessionService } from "./sessions";

/** Advisory lock key serialising super-account removals (so two removals cannot leave none). */
const SUPER_LOCK = 35_010;

/** Escapes LIKE wildcards so a search matches the text as typed. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The accounts side of the console. */
export interface TAccountOperators {
  /** Users whose e-mail ID contains `query` (case-insensitive), newest first, one page. */
  search(query: string, offset: number, limit: number): Promise<{ rows: TUserRow[]; total: number }>;
  /** One user row, or undefined. */
  byId(userId: string, handle?: TDrizzle): Promise<TUserRow | undefined>;
  /** One user row by e-mail ID, or undefined. */
  byEmailId(emailId: string): Promise<TUserRow | undefined>;
  /** E-mail IDs of these users (missing ones are left out). */
  emailIds(userIds: readonly string[]): Promise<Map<string, string>>;
  /**
   * Of `userIds`, those whose e-mail ID contains `text` (case-insensitive, wildcards taken as
   * typed): a console search over another module's rows by their owner's e-mail ID.
   */
  withEmailIdLike(userIds: readonly string[], text: string): Promise<string[]>;
  /**
   * Suspends (`true`) or restores an account; suspending ends every session (sockets close)
   * once committed. Answers the row before and after; `userNotFound` when there is none.
   * `within` runs in the same transaction (the console's audit row): if it fails, nothing changes.
   */
  setSuspended(
    userId: string,
    isSuspended: boolean,
    within?: (tx: TDrizzle, change: { before: TUserRow; after: TUserRow }) => Promise<void>,
  ): Promise<{ before: TUserRow; after: TUserRow }>;
  /**
   * Takes super rights from `emailId`. Refuses `lastSuperAccount` when it is the only one
   * (under a lock, so two removals at once cannot leave none); `notFound` when not a super account.
   */
  removeSuper(emailId: string): Promise<TUserRow>;
  /** Counts for the console home. */
  counts(): Promise<{ users: number; supers: number; suspended: number }>;
}

/** Creates the console's accounts operations. */
export function createAccountOperators(deps: TAccountsDeps, sessions: TSessionService): TAccountOperators {
  const { db, now } = deps;

  return {
    async search(query, offset, limit) {
      const text = query.trim().toLowerCase();
      const where = text === "" ? undefined : sql`lower(${users.emailId}) like ${`%${likeText(text)}%`}`;
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset);
      const [counted] = await db.select({ n: count() }).from(users).where(where);
      return { rows, total: counted?.n ?? 0 };
    },

    byId: (userId, handle) => findUserById(handle ?? db, userId),

    byEmailId: (emailId) => findUserByEmailId(db, normalizeEmail(emailId)),

    async emailIds(userIds) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, emailId: users.emailId })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, row.emailId]));
    },

    async withEmailIdLike(userIds, text) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), ilike(users.emailId, `%${likeText(text)}%`)));
      return rows.map((row) => row.id);
    },

    async setSuspended(userId, isSuspended, within) {
      const change = await db.transaction(async (tx: TDrizzle) => {
        const [before] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
        if (!before) throw new AppError("userNotFound");
        const at = now();
        const [after] = await tx
          .update(users)
          .set({ suspendedAt: isSuspended ? (before.suspendedAt ?? at) : null, updatedAt: at })
          .where(eq(users.id, userId))
          .returning();
        if (!after) throw new AppError("userNotFound");
        await within?.(tx, { before, after });
        return { before, after };
      });
      if (isSuspended) await sessions.endAll(userId);
      return change;
    },

    async removeSuper(emailId) {
      const key = normalizeEmail(emailId);
      return db.transaction(async (tx: TDrizzle) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_LOCK})`);
        const target = await findUserByEmailId(tx, key);
        if (!target?.isSuper) throw new AppError("notFound");
        const [supers] = await tx.select({ n: count() }).from(users).where(eq(users.isSuper, true));
        if ((supers?.n ?? 0) <= 1) throw new AppError("lastSuperAccount");
        const [after] = await tx
          .update(users)
          .set({ isSuper: false, updatedAt: now() })
          .where(and(eq(users.id, target.id), eq(users.isSuper, true)))
          .returning();
        if (!after) throw new AppError("notFound");
        return after;
      });
    },

    async counts() {
      const [row] = await db
        .select({
          users: count(),
          supers: sql<number>`count(*) filter (where ${users.isSuper})`.mapWith(Number),
          suspended: sql<number>`count(*) filter (where ${isNotNull(users.suspendedAt)})`.mapWith(Number),
        })
        .from(users);
      return { users: row?.users ?? 0, supers: row?.supers ?? 0, suspended: row?.suspended ?? 0 };
    },
  };
}
