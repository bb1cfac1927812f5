/**
 * Forgotten passwords: a 256-bit token (base64url) mailed as `${PUBLIC_URL}/passwd/reset/<token>`,
 * stored as its SHA-256, single use, one hour. The forgot call answers the same whether or not
 * the address has an account, and does the work after answering so its time tells nothing.
 */
import { createHash, randomBytes } from "node:crypto";
import { AppError, type TLanguage } from "@vitrine/contract";
import { and, eq, gt, isNull } from "drizzle-orm";
import { passwordResets, users } from "../../db/schema/accounts";
import type { TMailMessage } from "../../platform/types";
import { BUCKETS, normalizeEmail, RESET_TTL_MS, rowId, type TAccountsDeps } from "./deps";
import { passwordResetMail } from "./mails";
import { hashPassword } from "./passwords";
import { findUsersByAddress, type TUserRow } from "./queries";
import type { TSessionService } from "./sessions";

/** Starts and completes password resets. */
export interface TPasswordResetService {
  /** Queues the reset mail(s) for `email`; never tells whether it has an account. */
  forgot(email: string, lang: TLanguage): Promise<void>;
  /** Sets the password with a token; ends every session. */
  reset(token: string, password: string): Promise<void>;
  /** Creates a reset link for a user and mails the message `compose` writes with it. */
  mailLink(user: TUserRow, compose: (to: string, link: string) => TMailMessage): Promise<void>;
  /** Waits for reset mails still being written (shutdown, tests). */
  settle(): Promise<void>;
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates the reset service. */
export function createPasswordResetService(
  deps: TAccountsDeps,
  sessionService: TSessionService,
): TPasswordResetService {
  const { db, now, logger } = deps;
  const pending = new Set<Promise<void>>();

  async function mailLink(
    user: TUserRow,
    compose: (to: string, link: string) => TMailMessage,
  ): Promise<void> {
    const token = randomBytes(32).toString("base64url");
    const at = now();
    await db.insert(passwordResets).values({
      id: rowId("reset"),
      userId: user.id,
      tokenHash: tokenHash(token),
      createdAt: at,
      expiresAt: new Date(at.getTime() + RESET_TTL_MS),
    });
    // Built from PUBLIC_URL only: a forged Host header must never choose where the link points.
    await deps.mail.send(compose(user.email, `${deps.config.publicUrl}/passwd/reset/${token}`));
  }

  return {
    mailLink,

    async forgot(email, lang) {
      const address = normalizeEmail(email);
      await deps.rateLimits.consume(BUCKETS.resetEmail, address);
      const work = (async () => {
        for (const user of await findUsersByAddress(db, address)) {
          await mailLink(user, (to, link) => passwordResetMail(to, link, lang));
        }
      })().catch((error: unknown) => {
        logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          "password reset mail failed",
        );
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    async reset(token, password) {
      const passwordHash = await hashPassword(password);
      const at = now();
      const userId = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, at),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!used) return undefined;
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, used.userId));
        // Any other link mailed before is void once the password changed.
        await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
        return used.userId;
      });
      if (!userId) throw new AppError("resetLinkInvalid");
      await sessionService.endAll(userId);
      const [user] = await db.select({ emailId: users.emailId }).from(users).where(eq(users.id, userId));
      if (user) {
        // Whoever reads the mailbox may sign in again at once, wherever from.
        const key = normalizeEmail(user.emailId);
        await deps.rateLimits.reset(BUCKETS.loginAccountFailures, key);
        await deps.rateLimits.reset(BUCKETS.loginAccountWait, key);
      }
    },

    async settle() {
      await Promise.all([...pending]);
    },
  };
}
