/**
 * Account calls (issue 3): sign-up with consent and e-mail verification, sign-in, sessions,
 * password reset, user info, super accounts. Paths fixed by DESIGN.md "Fixed interfaces" and SPEC §7.
 */
import { z } from "zod";
import { defineCall } from "../call";
import { PLAN_IDS, PLAN_PERIODS, SUBSCRIPTION_STATUSES } from "../plans";
import {
  ZConsents,
  ZEmail,
  ZPassword,
  ZSignInEmail,
  ZSignInPassword,
  ZVerificationCode,
} from "../validation";

/** Languages a mail can be written in. */
export const ZLanguage = z.enum(["ko", "en"]);
/** A supported language. */
export type TLanguage = z.infer<typeof ZLanguage>;

/** The fixed key of the token-less super-account list call (SPEC §7); it marks our client, no secret. */
export const SUPER_LIST_FIXED_KEY = "vitrine-super-accounts";

/** Sends (or re-sends) a 6-digit verification code to an address (sign-up). */
export const sendEmailCodeCall = defineCall({
  path: "/api/user/request_send_email_code",
  module: "accounts",
  input: z.object({ email: ZEmail, lang: ZLanguage.default("en") }).strict(),
  output: z.object({
    sent: z.literal(true),
    /** Seconds until another code may be asked for. */
    resend_after: z.number().int().min(0),
  }),
  auth: "none",
  rate: "auth",
  summary:
    "Mails a 6-digit code (valid 10 minutes, 5 tries; resend after 60 s, at most 5 an hour per address). An address that already has an account gets the same answer; its owner is mailed a notice instead of a code.",
});

/** Checks a verification code; marks the address verified for sign-up. */
export const verifyEmailCodeCall = defineCall({
  path: "/api/user/request_verify_email_code",
  module: "accounts",
  input: z.object({ email: ZEmail, code: ZVerificationCode }).strict(),
  output: z.object({ verified: z.literal(true) }),
  auth: "none",
  rate: "auth",
  summary:
    "Checks the code mailed to an address: 'Your email has been verified.' or 'Verification code does not match.'",
});

/** Creates the account once the address is verified and the required consents are given. */
export const registerCall = defineCall({
  path: "/api/user/request_register",
  module: "accounts",
  input: z
    .object({
      email_id: ZEmail,
      email: ZEmail,
      password: ZPassword,
      code: ZVerificationCode,
      consents: ZConsents,
      lang: ZLanguage.default("en"),
    })
    .strict(),
  output: z.object({ user_id: z.string() }),
  auth: "none",
  rate: "auth",
  summary:
    "Creates an account (e-mail ID, verified e-mail, password, consents); starts the trial. A taken e-mail ID answers 'You have a registered ID' and spends one of the code's 5 tries.",
});

/** Signs in; answers a short-lived access token naming a new session. */
export const loginCall = defineCall({
  path: "/api/user/request_login",
  module: "accounts",
  input: z.object({ email_id: ZSignInEmail, password: ZSignInPassword }).strict(),
  output: z.object({ atk: z.string(), user_id: z.string() }),
  auth: "none",
  rate: "auth",
  summary:
    "Signs in. Wrong ID or password: one message for both. Limited per IP, per account and IP (or known device), and softly per account; a refusal names `retryAfterSeconds`. Sets the device cookie.",
});

/** Ends the caller's session. */
export const logoutCall = defineCall({
  path: "/api/user/request_logout",
  module: "accounts",
  input: z.object({}).strict(),
  output: z.object({ done: z.literal(true) }),
  auth: "owner",
  summary: "Ends the current session on the server.",
});

/** Ends every session of the caller (sign out everywhere). */
export const logoutEverywhereCall = defineCall({
  path: "/api/user/request_logout_everywhere",
  module: "accounts",
  input: z.object({}).strict(),
  output: z.object({ ended: z.number().int().min(0) }),
  auth: "owner",
  summary: "Ends every session of the account, this one included.",
});

/** Starts a password reset; the same answer whether or not the address has an account. */
export const forgotPasswordCall = defineCall({
  path: "/api/user/request_forgot_password",
  module: "accounts",
  input: z.object({ email: ZEmail, lang: ZLanguage.default("en") }).strict(),
  output: z.object({ sent: z.literal(true) }),
  auth: "none",
  rate: "auth",
  summary: "Mails a single-use reset link (1 hour) when the address has an account; same answer either way.",
});

/** Sets a new password with a reset token; ends every session. */
export const resetPasswordCall = defineCall({
  path: "/api/user/request_reset_password",
  module: "accounts",
  input: z.object({ token: z.string().min(20).max(200), password: ZPassword }).strict(),
  output: z.object({ done: z.literal(true) }),
  auth: "none",
  rate: "auth",
  summary: "Sets a new password with a reset token (single use) and ends every session of the account.",
});

/** Changes the password; ends every other session. */
export const changePasswordCall = defineCall({
  path: "/api/user/request_change_password",
  module: "accounts",
  input: z.object({ current_password: ZSignInPassword, password: ZPassword }).strict(),
  output: z.object({ done: z.literal(true) }),
  auth: "owner",
  rate: "auth",
  summary: "Changes the password after checking the current one; ends every other session.",
});

/** Deletes the account and everything the owner made. */
export const deleteAccountCall = defineCall({
  path: "/api/user/request_delete_account",
  module: "accounts",
  input: z.object({ password: ZSignInPassword }).strict(),
  output: z.object({ deleted: z.literal(true) }),
  auth: "owner",
  rate: "auth",
  summary: "Deletes the account, its sessions and its data and blobs, after checking the password.",
});

/** One user's info (SPEC §3). */
export const ZUserInfo = z.object({
  user_id: z.string(),
  email_id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  /** SPEC §3 plan: period (month or year), subscription status and expiration. */
  plane_info: z.object({
    plan: z.enum(PLAN_IDS),
    period: z.enum(PLAN_PERIODS).nullable(),
    /** True while a paid plan runs (paid and not yet expired). */
    subscribed: z.boolean(),
    /** `none`, `pending` (waiting for payment), `active`, `cancelled` (runs to its end), `past_due`, `expired`. */
    status: z.enum(SUBSCRIPTION_STATUSES),
    expires_at: z.string().nullable(),
  }),
  active_plane: z.enum(PLAN_IDS),
  /** True while the plan's payment is confirmed for the running period (SPEC §4). */
  payment_status: z.boolean(),
  /** On a running trial (SPEC §3: a boolean). */
  trial: z.boolean(),
  /** When the trial ends (or ended); null when there is none. */
  trial_ends_at: z.string().nullable(),
  is_super: z.boolean(),
  language: ZLanguage,
  created_at: z.string(),
});
/** User info. */
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** The caller's own user info: `data.docs[0]`. */
export const userInfoCall = defineCall({
  path: "/api/user/request_UserInfoById",
  module: "accounts",
  input: z.object({}).strict(),
  output: z.object({ docs: z.array(ZUserInfo) }),
  auth: "owner",
  summary:
    "The signed-in user's info in data.docs[0] (email_id, plane_info, active_plane, payment_status, trial).",
});

/** Sets the user's language (mails are written in it). */
export const setLanguageCall = defineCall({
  path: "/api/user/request_set_language",
  module: "accounts",
  input: z.object({ language: ZLanguage }).strict(),
  output: z.object({ language: ZLanguage }),
  auth: "owner",
  summary: "Stores the account's language.",
});

/**
 * How many super accounts there are (token-less, fixed key). SPEC §7 leaves the answer "not
 * shown": a visitor's client needs no operator's address, so it gets a count and never an
 * address; the console lists the addresses to operators (`adminSuperListCall`).
 */
export const superAccountListCall = defineCall({
  path: "/api/user/request_get_super_account_array_all_notocken",
  module: "accounts",
  input: z.object({ key: z.literal(SUPER_LIST_FIXED_KEY) }).strict(),
  output: z.object({ count: z.number().int().min(0) }),
  auth: "none",
  rate: "auth",
  summary: "Counts the super accounts; never names them (their addresses are for the console only).",
});

/** Whether an e-mail ID is a super account. */
export const superAccountCheckCall = defineCall({
  path: "/api/user/request_super_account_array",
  module: "accounts",
  input: z.object({ user_email_id: ZEmail }).strict(),
  output: z.object({ is_super: z.boolean() }),
  auth: "owner",
  summary: "Answers whether the given e-mail ID is a super account.",
});
