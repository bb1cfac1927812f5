/**
 * Sign-in and password changes. A wrong ID and a wrong password get one message, computed in
 * the same time (a dummy hash is checked when the account does not exist).
 *
 * Limits keep brute force out without letting a stranger lock the owner out (issue 9, item 3):
 * - per IP, failures only, whatever the accounts (`login-ip`);
 * - per account and IP, strictly (`login-account-ip`), or per account and known device
 *   (`login-device`) for a browser holding the account's device cookie;
 * - per account, softly, for tries from an unknown device and an unknown place only: after
 *   `LOGIN_FREE_FAILURES` failures in a day each failure makes such tries wait, 30 s doubling up
 *   to 15 minutes. The owner's known devices and the IPs it signed in from keep working.
 * Every refusal names the wait (`rateLimited` with `retryAfterSeconds`). Tries are counted before
 * the password is checked, so a guess past a limit learns nothing.
 */
import { AppError } from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/accounts";
import type { TAuth } from "../../platform/types";
import {
  BUCKETS,
  KNOWN_PLACE_MS,
  LOGIN_BACKOFF_FIRST_SECONDS,
  LOGIN_BACKOFF_MAX_SECONDS,
  LOGIN_FREE_FAILURES,
  normalizeEmail,
  type TAccountsDeps,
} from "./deps";
import { createDeviceMarks, type TDeviceCookie } from "./devices";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import { findUserByEmailId, findUserById, type TUserRow } from "./queries";
import type { TSessionService } from "./sessions";

/** Where a sign-in comes from. */
export interface TSignInContext {
  ip: string;
  userAgent: string;
  /** The request's cookies (the device cookie is read from them). */
  cookies: Record<string, string | undefined>;
}

/** Signs in, changes passwords, checks a signed-in user's password. */
export interface TCredentialService {
  /** Signs in; answers the token and the device cookie to set. */
  login(
    emailId: string,
    password: string,
    context: TSignInContext,
  ): Promise<{ atk: string; user_id: string; device: TDeviceCookie }>;
  /** Changes the password after checking the current one; ends every other session. */
  changePassword(auth: TAuth, currentPassword: string, password: string): Promise<void>;
  /** The signed-in user's row once `password` is checked (5 wrong tries per 15 minutes). */
  confirmPassword(auth: TAuth, password: string): Promise<TUserRow>;
}

/** The back-off wait after the account's `failures`-th failure from unknown devices and places. */
export function backoffSeconds(failures: number): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0;
  const doublings = Math.min(failures - LOGIN_FREE_FAILURES - 1, 16);
  return Math.min(LOGIN_BACKOFF_FIRST_SECONDS * 2 ** doublings, LOGIN_BACKOFF_MAX_SECONDS);
}

/** Creates the credential service. */
export function createCredentialService(
  deps: TAccountsDeps,
  sessionService: TSessionService,
): TCredentialService {
  const { db, rateLimits, now } = deps;
  const marks = createDeviceMarks(deps.config.tokenSecret, deps.config.publicUrl);

  async function confirmPassword(auth: TAuth, password: string): Promise<TUserRow> {
    const user = await findUserById(db, auth.userId);
    if (!user) throw new AppError("userNotFound");
    await rateLimits.consume(BUCKETS.passwordConfirm, user.id);
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError("wrongCredentials");
    await rateLimits.reset(BUCKETS.passwordConfirm, user.id);
    return user;
  }

  return {
    confirmPassword,

    async login(emailId, password, { ip, userAgent, cookies }) {
      const key = normalizeEmail(emailId);
      await rateLimits.consume(BUCKETS.loginIp, ip);
      const user = await findUserByEmailId(db, key);
      const ipHash = marks.ipHash(ip);
      const deviceId = user ? marks.deviceOf(user.id, cookies, now()) : null;
      const strict = deviceId
        ? { bucket: BUCKETS.loginDevice, key: `${user?.id}:${deviceId}` }
        : { bucket: BUCKETS.loginAccountIp, key: `${key}|${ip}` };
      await rateLimits.consume(strict.bucket, strict.key);
      // Unknown accounts go through the same steps and queries, so neither the limits nor the
      // time taken tell anything about existence.
      const hasOpened = await sessionService.hasOpenedFrom(
        user?.id ?? "",
        ipHash,
        new Date(now().getTime() - KNOWN_PLACE_MS),
      );
      const isKnownPlace = deviceId !== null || (user !== undefined && hasOpened);
      if (!isKnownPlace) await rateLimits.consume(BUCKETS.loginAccountWait, key);

      const isMatch = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !isMatch) {
        if (!isKnownPlace) {
          const wait = backoffSeconds(await rateLimits.tally(BUCKETS.loginAccountFailures, key));
          if (wait > 0) await rateLimits.block(BUCKETS.loginAccountWait, key, wait);
        }
        throw new AppError("wrongCredentials");
      }
      // Only failures count against an address: offices share one IP.
      await rateLimits.refund(BUCKETS.loginIp, ip);
      await rateLimits.reset(strict.bucket, strict.key);
      // Told only to whoever knows the password, so it reveals nothing to a guesser.
      if (user.suspendedAt) throw new AppError("accountSuspended");
      const { atk } = await sessionService.open(user.id, userAgent, ipHash);
      return { atk, user_id: user.id, device: marks.issue(user.id, now()) };
    },

    async changePassword(auth, currentPassword, password) {
      await confirmPassword(auth, currentPassword);
      const passwordHash = await hashPassword(password);
      await db.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, auth.userId));
      await sessionService.endAll(auth.userId, auth.sessionId);
    },
  };
}
