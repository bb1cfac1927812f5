/**
 * Sign-in and password changes. A wrong ID and a wrong password get one message, computed in
 * the same time (a dummy hash is checked when the account does not exist). Attempts are counted
 * per account and per IP; a successful sign-in clears the account's count.
 */
import { AppError } from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/accounts";
import type { TAuth } from "../../platform/module";
import { BUCKETS, normalizeEmail, type TAccountsDeps } from "./deps";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import { findUserByEmailId, findUserById, type TUserRow } from "./queries";
import type { TSessionService } from "./sessions";

/** Signs in, changes passwords, checks a signed-in user's password. */
export interface TCredentialService {
  login(
    emailId: string,
    password: string,
    ip: string,
    userAgent: string,
  ): Promise<{ atk: string; user_id: string }>;
  /** Changes the password after checking the current one; ends every other session. */
  changePassword(auth: TAuth, currentPassword: string, password: string): Promise<void>;
  /** The signed-in user's row once `password` is checked (counted like a sign-in). */
  confirmPassword(auth: TAuth, password: string): Promise<TUserRow>;
}

/** Creates the credential service. */
export function createCredentialService(
  deps: TAccountsDeps,
  sessionService: TSessionService,
): TCredentialService {
  const { db, rateLimits } = deps;

  async function confirmPassword(auth: TAuth, password: string): Promise<TUserRow> {
    const user = await findUserById(db, auth.userId);
    if (!user) throw new AppError("userNotFound");
    const key = normalizeEmail(user.emailId);
    await rateLimits.consume(BUCKETS.loginAccount, key);
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError("wrongCredentials");
    await rateLimits.reset(BUCKETS.loginAccount, key);
    return user;
  }

  return {
    confirmPassword,

    async login(emailId, password, ip, userAgent) {
      const key = normalizeEmail(emailId);
      // Counted before the check so a guess past the limit learns nothing.
      await rateLimits.consume(BUCKETS.loginIp, ip);
      await rateLimits.consume(BUCKETS.loginAccount, key);
      const user = await findUserByEmailId(db, key);
      const isMatch = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !isMatch) throw new AppError("wrongCredentials");
      // Only failures count against an address: offices share one IP.
      await rateLimits.refund(BUCKETS.loginIp, ip);
      await rateLimits.reset(BUCKETS.loginAccount, key);
      const { atk } = await sessionService.open(user.id, userAgent);
      return { atk, user_id: user.id };
    },

    async changePassword(auth, currentPassword, password) {
      await confirmPassword(auth, currentPassword);
      const passwordHash = await hashPassword(password);
      await db.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, auth.userId));
      await sessionService.endAll(auth.userId, auth.sessionId);
    },
  };
}
