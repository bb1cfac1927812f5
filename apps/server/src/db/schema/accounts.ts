/**
 * Accounts tables (issue 3): users, their consents, sign-up e-mail verifications, sessions and
 * password resets. Only modules/accounts reads or writes them; other modules use its service.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One row per account. E-mail IDs are stored lower-cased; the unique index makes them case-insensitive. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    emailId: text("email_id").notNull(),
    email: text("email").notNull(),
    emailVerifiedAt: at("email_verified_at"),
    passwordHash: text("password_hash").notNull(),
    isSuper: boolean("is_super").notNull().default(false),
    language: text("language", { enum: ["ko", "en"] })
      .notNull()
      .default("en"),
    /** Plan id (contract PLAN_IDS); the payments module changes it through the accounts service. */
    activePlane: text("active_plane").notNull().default("free"),
    planPeriod: text("plan_period", { enum: ["month", "year"] }),
    paymentStatus: boolean("payment_status").notNull().default(false),
    planExpiresAt: at("plan_expires_at"),
    /** Contract SUBSCRIPTION_STATUSES; set with the plan by the payments module (issue 12). */
    planStatus: text("plan_status").notNull().default("none"),
    trialEndsAt: at("trial_ends_at"),
    /** Set while an operator has suspended the account: no sign-in, no session (issue 12). */
    suspendedAt: at("suspended_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_id_lower_idx").on(sql`lower(${t.emailId})`),
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_is_super_idx").on(t.isSuper).where(sql`${t.isSuper}`),
  ],
);

/** One row per consent item at sign-up: what was answered, to which version of the terms, when. */
export const userConsents = pgTable(
  "user_consents",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    item: text("item").notNull(),
    granted: boolean("granted").notNull(),
    version: text("version").notNull(),
    answeredAt: at("answered_at").notNull(),
  },
  (t) => [index("user_consents_user_idx").on(t.userId)],
);

/** A verification code mailed to an address. Only the newest row of an address counts. */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: text("id").primaryKey(),
    /** Lower-cased address. */
    email: text("email").notNull(),
    /** HMAC-SHA256 of address and code under the token secret; the code itself is never stored. */
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    verifiedAt: at("verified_at"),
    /** Set when an account was created with it, so one verification makes one account. */
    consumedAt: at("consumed_at"),
    /** What the code proves the address for: `signup`, or `business_connect` (matching's form). */
    purpose: text("purpose").notNull().default("signup"),
  },
  (t) => [
    index("email_verifications_email_idx").on(t.email, t.createdAt),
    check("email_verifications_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/**
 * A notice mailed instead of a code when someone asks for a sign-up code for an address that
 * already has an account. Kept an hour, so such requests are throttled exactly as codes are.
 */
export const signupNotices = pgTable(
  "signup_notices",
  {
    id: text("id").primaryKey(),
    /** Lower-cased address. */
    email: text("email").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("signup_notices_email_idx").on(t.email, t.createdAt)],
);

/** A sign-in: revocable, with a sliding expiry. Access tokens name it. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull(),
    lastSeenAt: at("last_seen_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    userAgent: text("user_agent").notNull().default(""),
    /** HMAC of the IP the session was opened from (devices.ts): the owner's usual places. */
    ipHash: text("ip_hash"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_user_ip_idx").on(t.userId, t.ipHash)],
);

/** A password reset link: the token's SHA-256 only, single use, one hour. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [
    uniqueIndex("password_resets_token_hash_idx").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId),
  ],
);
