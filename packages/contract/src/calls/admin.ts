/**
 * The operators' console (issue 12; DESIGN "The business half", console): calls of super
 * accounts only. Every action names a reason and writes one audit row (who, what, when, before
 * and after), which the console's audit log lists.
 */
import { z } from "zod";
import { defineCall } from "../call";
import { PLAN_IDS, PLAN_LEVELS, PLAN_PERIODS } from "../plans";
import { ZEmail } from "../validation";
import { CONTENT_STATUSES } from "./content-schemas";

/** Rows of one console page. */
export const ADMIN_PAGE_SIZE = 20;
/** Highest page number a console list answers (bounded reads). */
export const ADMIN_PAGE_MAX = 500;
/** Longest reason of a console action. */
export const ADMIN_REASON_MAX = 500;

/** Messages of console inputs. */
export const ADMIN_MESSAGES = {
  reason: "Please write why (it goes into the audit log).",
} as const;

/** A page number, 1-based and bounded. */
export const ZAdminPage = z.number().int().min(1).max(ADMIN_PAGE_MAX);

/** The reason every console action carries: required, trimmed, bounded. */
export const ZAdminReason = z
  .string()
  .trim()
  .min(1, ADMIN_MESSAGES.reason)
  .max(ADMIN_REASON_MAX, `Please keep it under ${ADMIN_REASON_MAX} characters.`);

/** A JSON value as audited (a snapshot of what changed). */
export type TAuditValue = Record<string, unknown> | null;

/** One audit row as the console reads it. */
export const ZAuditDoc = z.object({
  audit_id: z.string(),
  actor_id: z.string(),
  /** The actor's e-mail ID, or null when that account is gone. */
  actor_email_id: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** A readable name of the target when there is one (an account's e-mail ID). */
  target_label: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
/** An audit row. */
export type TAuditDoc = z.infer<typeof ZAuditDoc>;

/** Actions the console records (other modules add their own names, e.g. `payment.confirm`). */
export const ADMIN_ACTIONS = [
  "user.trial",
  "user.plan",
  "user.suspend",
  "user.restore",
  "super.add",
  "super.remove",
  "content.produced",
] as const;

/** The audit log, newest first; filtered by action and/or target id. */
export const adminAuditListCall = defineCall({
  path: "/api/admin/request_admin_audit_list",
  module: "admin",
  input: z
    .object({
      page: ZAdminPage,
      action: z.string().trim().max(60).optional(),
      target_id: z.string().trim().max(254).optional(),
    })
    .strict(),
  output: z.object({
    docs: z.array(ZAuditDoc),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
  auth: "super",
  summary:
    "The console's audit log (who, what, when, before/after, reason), 20 a page, newest first; filter by action or target id.",
});

/** Messages of the users page's inputs. */
export const ADMIN_USER_MESSAGES = {
  trialInPast: "Please choose a date after today.",
  trialTooFar: "A trial can be extended by at most a year at a time.",
  expiryInPast: "Please choose an end date after today, or none.",
} as const;

/** Furthest a trial may be extended, from now. */
export const ADMIN_TRIAL_MAX_DAYS = 366;

const ZIsoTime = z.iso.datetime({ offset: true });

/** A user as the users page lists it. */
export const ZAdminUserRow = z.object({
  user_id: z.string(),
  email_id: z.string(),
  active_plane: z.enum(PLAN_IDS),
  payment_status: z.boolean(),
  /** On a running trial (SPEC §3: a boolean); its end in `trial_ends_at`. */
  trial: z.boolean(),
  trial_ends_at: z.string().nullable(),
  /** The capability level the account has now (trial counts as Advanced). */
  level: z.enum(PLAN_LEVELS),
  is_super: z.boolean(),
  suspended: z.boolean(),
  created_at: z.string(),
});
/** A user row of the console. */
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;

/** A user as the user detail shows it. */
export const ZAdminUserDetail = ZAdminUserRow.extend({
  email: z.string(),
  language: z.string(),
  plane_info: z.object({
    plan: z.enum(PLAN_IDS),
    period: z.enum(PLAN_PERIODS).nullable(),
    subscribed: z.boolean(),
    expires_at: z.string().nullable(),
  }),
  suspended_at: z.string().nullable(),
  /** Contents the account holds. */
  contents: z.number().int(),
  channel: z.object({ user_channel_id: z.string(), channel_name: z.string() }).nullable(),
});
/** A user detail of the console. */
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

const ZUserRef = z.string().trim().min(1).max(80);

/** Users whose e-mail ID contains `q` (empty: everyone), newest first, 20 a page. */
export const adminUserSearchCall = defineCall({
  path: "/api/admin/request_admin_user_search",
  module: "admin",
  input: z.object({ q: z.string().trim().max(254), page: ZAdminPage }).strict(),
  output: z.object({
    docs: z.array(ZAdminUserRow),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
  auth: "super",
  summary: "Searches accounts by e-mail ID (contains, case-insensitive), 20 a page, newest first.",
});

/** One account: plan, trial and its end, payment status, contents, channel, created, suspended. */
export const adminUserDetailCall = defineCall({
  path: "/api/admin/request_admin_user_detail",
  module: "admin",
  input: z.object({ user_id: ZUserRef }).strict(),
  output: z.object({ doc: ZAdminUserDetail }),
  auth: "super",
  summary:
    "An account as operators see it: plan, trial and its end, payment status, contents count, channel.",
});

/** Extends (or sets) an account's trial to a date; audited. */
export const adminUserTrialCall = defineCall({
  path: "/api/admin/request_admin_user_trial",
  module: "admin",
  input: z.object({ user_id: ZUserRef, trial_ends_at: ZIsoTime, reason: ZAdminReason }).strict(),
  output: z.object({ doc: ZAdminUserDetail }),
  auth: "super",
  summary:
    "Sets the end of an account's trial to a later date (at most a year ahead), with a reason; audited.",
});

/** Sets an account's plan by hand (through accounts.setPlan); audited. */
export const adminUserPlanCall = defineCall({
  path: "/api/admin/request_admin_user_plan",
  module: "admin",
  input: z
    .object({
      user_id: ZUserRef,
      plan: z.enum(PLAN_IDS),
      /** When the hand-given plan ends; null for no end. Ignored for `free`. */
      plan_expires_at: ZIsoTime.nullable(),
      reason: ZAdminReason,
    })
    .strict(),
  output: z.object({ doc: ZAdminUserDetail }),
  auth: "super",
  summary:
    "Gives an account a plan by hand (paid plans count as paid until plan_expires_at), with a reason; audited.",
});

/** Suspends or restores an account; audited. */
export const adminUserSuspendCall = defineCall({
  path: "/api/admin/request_admin_user_suspend",
  module: "admin",
  input: z.object({ user_id: ZUserRef, suspended: z.boolean(), reason: ZAdminReason }).strict(),
  output: z.object({ doc: ZAdminUserDetail }),
  auth: "super",
  summary:
    "Suspends an account (its sessions end, sign-in answers 3500) or restores it, with a reason; audited.",
});

/** The super accounts' e-mail IDs, for operators only. */
export const adminSuperListCall = defineCall({
  path: "/api/admin/request_admin_super_list",
  module: "admin",
  input: z.object({}).strict(),
  output: z.object({ docs: z.array(z.object({ email_id: z.string() })) }),
  auth: "super",
  summary: "Lists the e-mail IDs of the super accounts (the console's list); nothing else about them.",
});

/** Makes an account a super account: promotes an existing one or creates it; audited. */
export const adminSuperAddCall = defineCall({
  path: "/api/admin/request_admin_super_add",
  module: "admin",
  input: z.object({ email: ZEmail, reason: ZAdminReason }).strict(),
  output: z.object({ outcome: z.enum(["created", "promoted"]), email_id: z.string() }),
  auth: "super",
  summary:
    "Adds a super account by e-mail: promotes the account, or creates one and mails it a link to set its password; audited.",
});

/** Takes super rights from an account (never the last one); audited. */
export const adminSuperRemoveCall = defineCall({
  path: "/api/admin/request_admin_super_remove",
  module: "admin",
  input: z.object({ email_id: z.string().trim().min(1).max(254), reason: ZAdminReason }).strict(),
  output: z.object({ removed: z.literal(true) }),
  auth: "super",
  summary: "Removes a super account's rights (the account stays); never the last one (3501); audited.",
});

/** A content as the produced-models page finds it. */
export const ZAdminContentRow = z.object({
  content_id: z.string(),
  title: z.string(),
  owner_id: z.string(),
  owner_email_id: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
  is_produced: z.boolean(),
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
/** A content row of the console. */
export type TAdminContentRow = z.infer<typeof ZAdminContentRow>;

/** Most contents one find answers. */
export const ADMIN_CONTENT_FIND_MAX = 50;

/** Finds contents by content id or by their owner's e-mail ID. */
export const adminContentFindCall = defineCall({
  path: "/api/admin/request_admin_content_find",
  module: "admin",
  input: z.object({ q: z.string().trim().min(1).max(254) }).strict(),
  output: z.object({ docs: z.array(ZAdminContentRow) }),
  auth: "super",
  summary: "Finds contents by content id, or the newest 50 of the owner with that e-mail ID.",
});

/** The console home's counts. */
export const adminOverviewCall = defineCall({
  path: "/api/admin/request_admin_overview",
  module: "admin",
  input: z.object({}).strict(),
  output: z.object({
    users: z.number().int(),
    suspended: z.number().int(),
    supers: z.number().int(),
    contents: z.number().int(),
    produced: z.number().int(),
    audit_week: z.number().int(),
    recent: z.array(ZAuditDoc),
  }),
  auth: "super",
  summary:
    "Counts for the console home (accounts, suspended, super accounts, contents, audit rows this week) and the newest audit rows.",
});
