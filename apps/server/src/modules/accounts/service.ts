/**
 * The accounts service: everything other modules and the calls use. Other modules reach
 * accounts through it, never through its tables (DESIGN "Layout").
 */
import {
  AppError,
  newId,
  type TLanguage,
  type TPlanId,
  type TPlanPeriod,
  type TSubscriptionStatus,
  type TUserInfo,
} from "@vitrine/contract";
import { eq, inArray } from "drizzle-orm";
import { emailVerifications, signupNotices, users } from "../../db/schema/accounts";
import type { TAuth, TDrizzle } from "../../platform/types";
import { createCredentialService, type TCredentialService } from "./credentials";
import { normalizeEmail, type TAccountsDeps } from "./deps";
import { createAccountOperators, type TAccountOperators } from "./operators";
import { createPasswordResetService, type TPasswordResetService } from "./password-reset";
import { hashPassword } from "./passwords";
import { findUserByEmailId, findUserById, isUniqueViolation } from "./queries";
import { registerAccount, type TRegistration } from "./registration";
import { createSessionService, type TSessionService } from "./sessions";
import { createSuperAccountService, type TSuperAccountService } from "./super-accounts";
import { toUserInfo } from "./user-info";
import { createVerificationService, type TVerificationService } from "./verification";

/** A user row, as the console's verbs (`operators`) answer it. */
export type { TUserRow } from "./queries";

/** What a module is told when an account is deleted, before the account's own rows go. */
export interface TDeletedAccount {
  userId: string;
  emailId: string;
}

/** Deletes a module's data (rows, blobs) of a deleted account. A throw stops the deletion. */
export type TAccountDeletedListener = (account: TDeletedAccount) => Promise<void>;

/** A plan to give a user (payments, support, tests). */
export interface TPlanChange {
  plan: TPlanId;
  paymentStatus: boolean;
  planExpiresAt?: Date | null;
  trialEndsAt?: Date | null;
  planPeriod?: TPlanPeriod | null;
  /** The subscription's state shown in `plane_info.status`. */
  planStatus?: TSubscriptionStatus;
}

/** The accounts service. */
export interface TAccountsService {
  verification: TVerificationService;
  /** The same code machinery for the business-connecting form (matching): every address gets a code. */
  businessCodes: TVerificationService;
  sessions: TSessionService;
  credentials: TCredentialService;
  resets: TPasswordResetService;
  supers: TSuperAccountService;
  /** What the operators' console asks of accounts (search, suspend, remove super, counts). */
  operators: TAccountOperators;
  /** Creates an account (sign-up). */
  register(input: TRegistration): Promise<{ user_id: string }>;
  /** A user's info; throws `userNotFound` when the account is gone. */
  userInfo(userId: string): Promise<TUserInfo>;
  /** Stores the user's language. */
  setLanguage(userId: string, language: TLanguage): Promise<void>;
  /** Deletes the caller's account after checking its password. */
  deleteAccount(auth: TAuth, password: string): Promise<void>;
  /** Registers a listener run for every deleted account (content, sharing… delete their data). */
  onAccountDeleted(listener: TAccountDeletedListener): void;
  /**
   * Changes a user's plan and tells the `onPlanChanged` listeners before answering (sharing's
   * cache of owner levels). Every plan change must come through here.
   */
  setPlan(userId: string, change: TPlanChange): Promise<void>;
  /**
   * The same change inside the caller's transaction (payments: the payment, the plan and the
   * audit row commit together). The caller runs `planChanged` after the commit.
   */
  setPlanIn(tx: TDrizzle, userId: string, change: TPlanChange): Promise<void>;
  /**
   * Inside the caller's transaction: locks the user's row (`SELECT … FOR UPDATE`, held to the
   * commit), so what the caller counts of that user's (content's limit) is counted one at a time.
   */
  lockUser(tx: TDrizzle, userId: string): Promise<void>;
  /** Tells the `onPlanChanged` listeners (after a `setPlanIn` committed). */
  planChanged(userId: string): Promise<void>;
  /** Registers a listener run after a user's plan changed. */
  onPlanChanged(listener: (userId: string) => Promise<void>): void;
  /**
   * For `npm run demo`: the account with this e-mail ID, created when missing with a verified
   * address, the password and a paid plan with no end. An existing account is left as it is.
   */
  ensureAccount(input: {
    emailId: string;
    password: string;
    plan: TPlanId;
  }): Promise<{ userId: string; isCreated: boolean }>;
}

/** Creates the accounts service from its dependencies. */
export function createAccountsService(deps: TAccountsDeps): TAccountsService {
  const { db, now } = deps;
  const verification = createVerificationService(deps);
  const businessCodes = createVerificationService(deps, "business_connect");
  const sessions = createSessionService(deps);
  const credentials = createCredentialService(deps, sessions);
  const resets = createPasswordResetService(deps, sessions);
  const supers = createSuperAccountService(deps, sessions, resets);
  const operators = createAccountOperators(deps, sessions);
  const deletedListeners: TAccountDeletedListener[] = [];
  const planListeners: ((userId: string) => Promise<void>)[] = [];

  async function writePlan(handle: TDrizzle, userId: string, change: TPlanChange): Promise<void> {
    const [updated] = await handle
      .update(users)
      .set({
        activePlane: change.plan,
        paymentStatus: change.paymentStatus,
        ...(change.planExpiresAt !== undefined ? { planExpiresAt: change.planExpiresAt } : {}),
        ...(change.trialEndsAt !== undefined ? { trialEndsAt: change.trialEndsAt } : {}),
        ...(change.planPeriod !== undefined ? { planPeriod: change.planPeriod } : {}),
        ...(change.planStatus !== undefined ? { planStatus: change.planStatus } : {}),
        updatedAt: now(),
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated) throw new AppError("userNotFound");
  }

  return {
    verification,
    businessCodes,
    sessions,
    credentials,
    resets,
    supers,
    operators,

    register: (input) => registerAccount(deps, verification, input),

    async userInfo(userId) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError("userNotFound");
      return toUserInfo(user, now());
    },

    async setLanguage(userId, language) {
      await db.update(users).set({ language, updatedAt: now() }).where(eq(users.id, userId));
    },

    async deleteAccount(auth, password) {
      const user = await credentials.confirmPassword(auth, password);
      const account = { userId: user.id, emailId: user.emailId };
      for (const listener of deletedListeners) await listener(account);
      // Ended first, so whoever listens to sessions (open chat sockets) lets them go.
      await sessions.endAll(user.id);
      const addresses = [...new Set([normalizeEmail(user.emailId), normalizeEmail(user.email)])];
      await db.transaction(async (tx) => {
        await tx.delete(emailVerifications).where(inArray(emailVerifications.email, addresses));
        await tx.delete(signupNotices).where(inArray(signupNotices.email, addresses));
        // Sessions, consents and reset links go with the user row (ON DELETE CASCADE).
        await tx.delete(users).where(eq(users.id, user.id));
      });
    },

    onAccountDeleted(listener) {
      deletedListeners.push(listener);
    },

    async setPlan(userId, change) {
      await writePlan(db, userId, change);
      for (const listener of planListeners) await listener(userId);
    },

    setPlanIn: (tx, userId, change) => writePlan(tx, userId, change),

    async lockUser(tx, userId) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    },

    async planChanged(userId) {
      for (const listener of planListeners) await listener(userId);
    },

    onPlanChanged(listener) {
      planListeners.push(listener);
    },

    async ensureAccount(input) {
      const emailId = normalizeEmail(input.emailId);
      const existing = await findUserByEmailId(db, emailId);
      if (existing) return { userId: existing.id, isCreated: false };
      const at = now();
      const userId = newId("user");
      try {
        await db.insert(users).values({
          id: userId,
          emailId,
          email: emailId,
          emailVerifiedAt: at,
          passwordHash: await hashPassword(input.password),
          activePlane: input.plan,
          paymentStatus: true,
          planStatus: "active",
          createdAt: at,
          updatedAt: at,
        });
      } catch (error) {
        const raced = isUniqueViolation(error) ? await findUserByEmailId(db, emailId) : undefined;
        if (raced) return { userId: raced.id, isCreated: false };
        throw error;
      }
      return { userId, isCreated: true };
    },
  };
}
