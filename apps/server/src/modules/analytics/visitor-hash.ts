/**
 * Daily visitor hashes (DESIGN.md "Analytics"; issue 9 item 8): unique visitors are counted
 * without storing personal data. A visitor today is
 * `sha256(daily salt ‖ IP ‖ user agent ‖ owner)`; the salt is random per UTC day, shared by
 * every instance through the database, and deleted 48 h after it was made, after which
 * nobody (not even us) can tie a hash to an IP again. No raw IP or user agent is stored.
 *
 * Other modules use it through `TVisitorDays` (the analytics module's `visitors`): sharing counts
 * a content's view once per visitor and day with it, cookie or not; the dashboard (issue 11) can
 * count unique visitors with `hashOf`.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { analyticsDailySalts, analyticsVisitorDays } from "../../db/schema/analytics";
import type { TDrizzle } from "../../platform/types";
import { isBotAgent } from "./intake";

/** How long a daily salt lives. */
export const SALT_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** Who is visiting, as the request tells it. */
export interface TVisitor {
  ip: string;
  userAgent: string;
}

/** Daily visitor hashes and the "seen today" record. */
export interface TVisitorDays {
  /** The visitor's hash today for one owner's things (hex). */
  hashOf(visitor: TVisitor, ownerId: string): Promise<string>;
  /**
   * Records that the visitor was seen today for `subject` (say `view:<content id>`); true only
   * the first time today, also when several calls arrive at once, and never for a bot: a view
   * counter and the analytics report use the one definition of a visitor (issue 31.15).
   */
  firstToday(visitor: TVisitor, ownerId: string, subject: string): Promise<boolean>;
  /** Deletes salts older than 48 h and the day records that went with them; answers salts deleted. */
  prune(): Promise<number>;
}

/** The UTC day of `at`: `YYYY-MM-DD`. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Creates the visitor hasher on a database. */
export function createVisitorDays(
  db: TDrizzle,
  options: { now: () => Date; logger: FastifyBaseLogger },
): TVisitorDays {
  const { now, logger } = options;
  // Salts by day; a day's salt never changes once stored, so caching it is safe.
  const salts = new Map<string, Promise<string>>();
  let prunedDay = "";

  async function prune(): Promise<number> {
    const at = now();
    const cutoff = new Date(at.getTime() - SALT_LIFETIME_MS);
    const gone = await db
      .delete(analyticsDailySalts)
      .where(lt(analyticsDailySalts.createdAt, cutoff))
      .returning({ day: analyticsDailySalts.day });
    await db.delete(analyticsVisitorDays).where(lt(analyticsVisitorDays.day, dayOf(cutoff)));
    for (const { day } of gone) salts.delete(day);
    return gone.length;
  }

  async function loadSalt(day: string): Promise<string> {
    // Whoever inserts first wins; everyone then reads the same salt.
    await db
      .insert(analyticsDailySalts)
      .values({ day, salt: randomBytes(32).toString("hex"), createdAt: now() })
      .onConflictDoNothing();
    const [row] = await db
      .select({ salt: analyticsDailySalts.salt })
      .from(analyticsDailySalts)
      .where(eq(analyticsDailySalts.day, day))
      .limit(1);
    if (!row) throw new Error("daily salt missing");
    return row.salt;
  }

  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      salt = loadSalt(day);
      salts.set(day, salt);
      salt.catch(() => salts.delete(day));
    }
    if (prunedDay !== day) {
      // Once a day per instance: yesterday's yesterday goes.
      prunedDay = day;
      prune().catch((error: unknown) => {
        prunedDay = "";
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, "salt prune failed");
      });
    }
    return salt;
  }

  async function hashOf(visitor: TVisitor, ownerId: string): Promise<string> {
    const salt = await saltOf(dayOf(now()));
    return createHash("sha256")
      .update([salt, visitor.ip, visitor.userAgent, ownerId].join("\u0000"))
      .digest("hex");
  }

  return {
    hashOf,
    async firstToday(visitor, ownerId, subject) {
      if (isBotAgent(visitor.userAgent)) return false;
      const day = dayOf(now());
      const visitorHash = await hashOf(visitor, ownerId);
      const added = await db
        .insert(analyticsVisitorDays)
        .values({ day, subject, visitorHash })
        .onConflictDoNothing()
        .returning({ day: analyticsVisitorDays.day });
      return added.length > 0;
    },
    prune,
  };
}
