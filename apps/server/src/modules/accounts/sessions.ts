/**
 * Sessions: rows with a sliding 30-day expiry, revocable, named by short-lived signed access
 * tokens. The auth resolver of the dispatcher lives here: a valid token on a live session is a
 * caller; an expired one on a live session is refreshed (803 + atk); anything else is refused.
 */
import { AppError, newId } from "@vitrine/contract";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { sessions, users } from "../../db/schema/accounts";
import type { TAuth, TAuthResolver } from "../../platform/types";
import { SESSION_TOUCH_MS, SESSION_TTL_MS, type TAccountsDeps } from "./deps";
import { createTokenSigner } from "./tokens";

const MAX_USER_AGENT = 512;

/** Opens, ends and resolves sessions. */
export interface TSessionService {
  /** Opens a session and answers its first access token; `ipHash` names where it was opened from. */
  open(userId: string, userAgent: string, ipHash?: string): Promise<{ sessionId: string; atk: string }>;
  /** True when `userId` opened a session from the IP of `ipHash` since `since`. */
  hasOpenedFrom(userId: string, ipHash: string, since: Date): Promise<boolean>;
  /** Ends one session. */
  end(sessionId: string): Promise<void>;
  /** Ends every live session of a user, but `keepSessionId`; answers how many ended. */
  endAll(userId: string, keepSessionId?: string): Promise<number>;
  /** The dispatcher's resolver. */
  resolver: TAuthResolver;
}

/** Creates the session service. */
export function createSessionService(deps: TAccountsDeps): TSessionService {
  const { db, now } = deps;
  const tokens = createTokenSigner(deps.config.tokenSecret, deps.config.accessTokenTtl, now);
  const endedListeners: Array<(sessionIds: string[]) => void> = [];
  const tellEnded = (sessionIds: string[]) => {
    if (sessionIds.length === 0) return;
    for (const listener of endedListeners) {
      try {
        listener(sessionIds);
      } catch (error) {
        deps.logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          "session listener failed",
        );
      }
    }
  };

  async function resolve(token: string, level: "owner" | "super"): Promise<{ auth: TAuth; atk?: string }> {
    const claims = await tokens.read(token);
    if (!claims) throw new AppError("forbidden");
    const [row] = await db
      .select({
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        isSuper: users.isSuper,
        suspendedAt: users.suspendedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, claims.sessionId))
      .limit(1);
    const at = now();
    if (!row) {
      // The token is ours, so telling its holder that the account is gone reveals nothing.
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, claims.userId))
        .limit(1);
      throw new AppError(user ? "forbidden" : "userNotFound");
    }
    if (
      row.userId !== claims.userId ||
      row.revokedAt ||
      row.suspendedAt ||
      row.expiresAt.getTime() <= at.getTime()
    ) {
      throw new AppError("forbidden");
    }
    if (level === "super" && !row.isSuper) throw new AppError("forbidden");
    if (at.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: at, expiresAt: new Date(at.getTime() + SESSION_TTL_MS) })
        .where(eq(sessions.id, claims.sessionId));
    }
    const auth: TAuth = { userId: row.userId, sessionId: claims.sessionId, isSuper: row.isSuper };
    if (!claims.isExpired) return { auth };
    return { auth, atk: await tokens.sign(row.userId, claims.sessionId) };
  }

  return {
    async hasOpenedFrom(userId, ipHash, since) {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.ipHash, ipHash), gt(sessions.createdAt, since)))
        .limit(1);
      return row !== undefined;
    },

    async open(userId, userAgent, ipHash) {
      const at = now();
      const sessionId = newId("session");
      await db.insert(sessions).values({
        id: sessionId,
        userId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
        userAgent: userAgent.slice(0, MAX_USER_AGENT),
        ipHash: ipHash ?? null,
      });
      return { sessionId, atk: await tokens.sign(userId, sessionId) };
    },

    async end(sessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      tellEnded([sessionId]);
    },

    async endAll(userId, keepSessionId) {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      tellEnded(ended.map((row) => row.id));
      return ended.length;
    },

    resolver: {
      onSessionsEnded(listener) {
        endedListeners.push(listener);
      },
      async authenticate(token, level) {
        if (level === "none") {
          if (!token) return { auth: null };
          // Visitor calls never fail or refresh because of a token: they just may know the caller.
          try {
            const { auth, atk } = await resolve(token, "owner");
            return { auth: atk ? null : auth };
          } catch {
            return { auth: null };
          }
        }
        if (!token) throw new AppError("forbidden");
        return resolve(token, level);
      },
    },
  };
}
