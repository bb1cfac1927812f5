/**
 * Sign-up e-mail verification: a 6-digit code from a CSPRNG, stored as an HMAC, valid 10
 * minutes for 5 checks; a new code no sooner than a minute after the last, 5 an hour per address.
 *
 * The answer never tells whether an address has an account (issue 9, item 6): for a registered
 * address no code is made; its owner is mailed a notice instead ("someone tried to sign up with
 * your address"), throttled by the same rules, and the caller gets the very same answer.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { AppError, MESSAGES, type TLanguage } from "@vitrine/contract";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { emailVerifications, signupNotices } from "../../db/schema/accounts";
import type { TMailMessage } from "../../platform/types";
import {
  CODE_MAX_TRIES,
  CODE_RESEND_MS,
  CODE_SENDS_PER_HOUR,
  CODE_TTL_MS,
  normalizeEmail,
  rowId,
  type TAccountsDeps,
  VERIFIED_VALID_MS,
} from "./deps";
import { signupNoticeMail, verificationCodeMail } from "./mails";
import { isAddressRegistered } from "./queries";

/**
 * What a code proves an address for. Sign-up never tells who has an account (registered
 * addresses get a notice); the business-connecting form (matching) only needs the address to be
 * the sender's, so every address gets its code. Codes of one purpose never pass for another.
 */
export type TVerificationPurpose = "signup" | "business_connect";

/** A verification row. */
export type TVerificationRow = typeof emailVerifications.$inferSelect;

/** The error of a wrong, expired or exhausted code: 'Verification code does not match.' */
export function codeMismatch(): AppError {
  return new AppError("validation", {
    message: MESSAGES.codeMismatch,
    fields: { code: MESSAGES.codeMismatch },
  });
}

const HOUR_MS = 3_600_000;

/** Refuses a send sooner than a minute after the last (naming the wait) or past 5 in the hour. */
function throttle(recent: Date[], at: Date): void {
  const last = recent[0];
  if (last && at.getTime() - last.getTime() < CODE_RESEND_MS) {
    const wait = Math.ceil((CODE_RESEND_MS - (at.getTime() - last.getTime())) / 1000);
    throw new AppError("tryLater", { data: { retryAfterSeconds: wait } });
  }
  if (recent.length >= CODE_SENDS_PER_HOUR) throw new AppError("tryLater");
}

/** Sends, checks and spends verification codes. */
export interface TVerificationService {
  /** Mails a code, or the owner's notice for a registered address; the answer is the same. */
  send(email: string, lang: TLanguage): Promise<{ sent: true; resend_after: number }>;
  verify(email: string, code: string): Promise<{ verified: true }>;
  /** The newest code row of an address (normalized), if any. */
  latest(address: string): Promise<TVerificationRow | undefined>;
  /** Spends one try of `row` whatever the code (a refused sign-up with a taken ID). */
  spendTry(row: TVerificationRow): Promise<void>;
  /** Counts one check of `code` against `row`; true when it matches. Throws once the tries are spent. */
  check(row: TVerificationRow, code: string): Promise<boolean>;
  /**
   * Spends the address's verified code once (a form sent with it): `emailUnverified` unless it was
   * verified within the hour and not yet used, `codeMismatch` for another code.
   */
  consume(email: string, code: string): Promise<void>;
}

/** Creates the verification service. */
export function createVerificationService(
  deps: TAccountsDeps,
  purpose: TVerificationPurpose = "signup",
): TVerificationService {
  const { db, config, now } = deps;
  const hashPrefix = purpose === "signup" ? "email-code" : `email-code-${purpose}`;

  function hashOf(address: string, code: string): string {
    return createHmac("sha256", config.tokenSecret).update(`${hashPrefix}:${address}:${code}`).digest("hex");
  }

  async function latest(address: string): Promise<TVerificationRow | undefined> {
    const [row] = await db
      .select()
      .from(emailVerifications)
      .where(and(eq(emailVerifications.email, address), eq(emailVerifications.purpose, purpose)))
      .orderBy(desc(emailVerifications.createdAt))
      .limit(1);
    return row;
  }

  async function check(row: TVerificationRow, code: string): Promise<boolean> {
    // The try is taken before comparing, so concurrent guesses cannot exceed the limit.
    const taken = await db
      .update(emailVerifications)
      .set({ attempts: sql`${emailVerifications.attempts} + 1` })
      .where(and(eq(emailVerifications.id, row.id), lt(emailVerifications.attempts, CODE_MAX_TRIES)))
      .returning({ id: emailVerifications.id });
    if (taken.length === 0) return false;
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(hashOf(row.email, code.trim()), "hex");
    const isMatch = expected.length === given.length && timingSafeEqual(expected, given);
    if (isMatch) {
      // Only wrong codes count against the limit: give the try back.
      await db
        .update(emailVerifications)
        .set({ attempts: sql`${emailVerifications.attempts} - 1` })
        .where(eq(emailVerifications.id, row.id));
    }
    return isMatch;
  }

  return {
    latest,
    check,

    async spendTry(row) {
      await db
        .update(emailVerifications)
        .set({ attempts: sql`${emailVerifications.attempts} + 1` })
        .where(and(eq(emailVerifications.id, row.id), lt(emailVerifications.attempts, CODE_MAX_TRIES)));
    },

    async send(email, lang) {
      const address = normalizeEmail(email);
      const at = now();
      const since = new Date(at.getTime() - HOUR_MS);
      const isRegistered = purpose === "signup" && (await isAddressRegistered(db, address));
      const table = isRegistered ? signupNotices : emailVerifications;
      const recent = await db
        .select({ createdAt: table.createdAt })
        .from(table)
        .where(
          isRegistered
            ? and(eq(table.email, address), gt(table.createdAt, since))
            : and(
                eq(emailVerifications.email, address),
                eq(emailVerifications.purpose, purpose),
                gt(emailVerifications.createdAt, since),
              ),
        )
        .orderBy(desc(table.createdAt));
      throttle(
        recent.map((row) => row.createdAt),
        at,
      );

      const id = rowId(isRegistered ? "notice" : "verification");
      let message: TMailMessage;
      if (isRegistered) {
        await db
          .delete(signupNotices)
          .where(and(eq(signupNotices.email, address), lt(signupNotices.createdAt, since)));
        await db.insert(signupNotices).values({ id, email: address, createdAt: at });
        message = signupNoticeMail(address, config.publicUrl, lang);
      } else {
        const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
        await db.insert(emailVerifications).values({
          id,
          email: address,
          codeHash: hashOf(address, code),
          createdAt: at,
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
          purpose,
        });
        message = verificationCodeMail(address, code, lang, purpose);
      }
      try {
        await deps.mail.send(message);
      } catch (error) {
        // A mail nobody received must not hold back the next try.
        await db.delete(table).where(eq(table.id, id));
        deps.logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          "verification mail failed",
        );
        throw new AppError("verificationSendFailed");
      }
      return { sent: true as const, resend_after: CODE_RESEND_MS / 1000 };
    },

    async consume(email, code) {
      const row = await latest(normalizeEmail(email));
      const at = now();
      if (!row?.verifiedAt || row.consumedAt || at.getTime() - row.verifiedAt.getTime() > VERIFIED_VALID_MS) {
        throw new AppError("emailUnverified");
      }
      if (!(await check(row, code))) throw codeMismatch();
      const spent = await db
        .update(emailVerifications)
        .set({ consumedAt: at })
        .where(and(eq(emailVerifications.id, row.id), isNull(emailVerifications.consumedAt)))
        .returning({ id: emailVerifications.id });
      // Two forms raced on one verification: only the first is sent.
      if (spent.length === 0) throw new AppError("emailUnverified");
    },

    async verify(email, code) {
      const row = await latest(normalizeEmail(email));
      if (!row || row.consumedAt || row.expiresAt.getTime() <= now().getTime()) throw codeMismatch();
      if (!(await check(row, code))) throw codeMismatch();
      if (!row.verifiedAt) {
        await db
          .update(emailVerifications)
          .set({ verifiedAt: now() })
          .where(eq(emailVerifications.id, row.id));
      }
      return { verified: true as const };
    },
  };
}
