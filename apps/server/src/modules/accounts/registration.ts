/**
 * Sign-up: a verified address (the same e-mail, verified within the hour, with its code), the
 * required consents (the contract checks them), a unique e-mail ID. Stores every consent with
 * its time and the terms' version, and starts the trial.
 */
import { AppError, CONSENT_ITEMS, newId, type TConsents, type TLanguage } from "@vitrine/contract";
import { and, eq, isNull } from "drizzle-orm";
import { emailVerifications, userConsents, users } from "../../db/schema/accounts";
import { CONSENT_VERSION, normalizeEmail, rowId, type TAccountsDeps, VERIFIED_VALID_MS } from "./deps";
import { hashPassword } from "./passwords";
import { findUserByEmailId, isUniqueViolation } from "./queries";
import { codeMismatch, type TVerificationService } from "./verification";

/** What sign-up takes (validated by the contract). */
export interface TRegistration {
  email_id: string;
  email: string;
  password: string;
  code: string;
  consents: TConsents;
  lang: TLanguage;
}

const DAY_MS = 86_400_000;

/** Creates the account; answers its id. */
export async function registerAccount(
  deps: TAccountsDeps,
  verification: TVerificationService,
  input: TRegistration,
): Promise<{ user_id: string }> {
  const { db, now } = deps;
  const address = normalizeEmail(input.email);
  const emailId = normalizeEmail(input.email_id);
  const row = await verification.latest(address);
  const at = now();
  if (!row?.verifiedAt || row.consumedAt || at.getTime() - row.verifiedAt.getTime() > VERIFIED_VALID_MS) {
    throw new AppError("emailUnverified");
  }
  if (!(await verification.check(row, input.code))) throw codeMismatch();
  if (await findUserByEmailId(db, emailId)) {
    // Saying the ID is taken is what lets a person pick another; it is only reachable with an
    // address proven by its code, and each refusal spends one of that code's tries, so one mailed
    // code can probe at most CODE_MAX_TRIES IDs (docs/architecture.md "Sign-up").
    await verification.spendTry(row);
    throw new AppError("duplicateId");
  }

  const passwordHash = await hashPassword(input.password);
  const userId = newId("user");
  const trialDays = deps.config.trialDays;
  try {
    await db.transaction(async (tx) => {
      const spent = await tx
        .update(emailVerifications)
        .set({ consumedAt: at })
        .where(and(eq(emailVerifications.id, row.id), isNull(emailVerifications.consumedAt)))
        .returning({ id: emailVerifications.id });
      // Two sign-ups raced on one verification: only the first makes an account.
      if (spent.length === 0) throw new AppError("emailUnverified");
      await tx.insert(users).values({
        id: userId,
        emailId,
        email: address,
        emailVerifiedAt: row.verifiedAt,
        passwordHash,
        language: input.lang,
        trialEndsAt: trialDays > 0 ? new Date(at.getTime() + trialDays * DAY_MS) : null,
        createdAt: at,
        updatedAt: at,
      });
      await tx.insert(userConsents).values(
        CONSENT_ITEMS.map((item) => ({
          id: rowId("consent"),
          userId,
          item: item.key,
          granted: input.consents[item.key],
          version: CONSENT_VERSION,
          answeredAt: at,
        })),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("duplicateId");
    throw error;
  }
  return { user_id: userId };
}
