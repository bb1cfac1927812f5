/**
 * Plans (SPEC §1, §4, §6, §9): the one table of limits, the level a user's plan gives, and the
 * comparison table the pricing page renders. The server enforces these limits; the web only
 * mirrors them for display.
 */
import { z } from "zod";

/** Capability levels used in limits. */
export const PLAN_LEVELS = ["basic", "standard", "advanced"] as const;
/** A capability level. */
export type TPlanLevel = (typeof PLAN_LEVELS)[number];

/** The plans sold (SPEC §1). */
export const PLAN_IDS = ["free", "basic", "standard", "advanced", "contact-us"] as const;
/** A plan id, as stored in `active_plane`. */
export type TPlanId = (typeof PLAN_IDS)[number];

/** Billing periods (SPEC §9). */
export const PLAN_PERIODS = ["month", "year"] as const;
/** A billing period. */
export type TPlanPeriod = (typeof PLAN_PERIODS)[number];

/** A subscription's state (`plane_info.status`). `cancelled` runs until its period ends. */
export const SUBSCRIPTION_STATUSES = [
  "none",
  "pending",
  "active",
  "cancelled",
  "past_due",
  "expired",
] as const;
/** A subscription's state. */
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A plan as the pricing page lists it. */
export interface TPlanInfo {
  readonly id: TPlanId;
  /** The limits it gives once paid. */
  readonly level: TPlanLevel;
  /** Bought online (false: the user contacts sales). */
  readonly purchasable: boolean;
  /** i18n key of its name (namespace `plans`). */
  readonly nameKey: string;
}

/**
 * The plans in display order. Decisions: free and basic both give Basic limits (the spec's levels
 * start at Basic); contact-us is a negotiated contract that starts from Advanced limits.
 */
export const PLANS: readonly TPlanInfo[] = [
  { id: "free", level: "basic", purchasable: false, nameKey: "plans.free.name" },
  // Basic gives what free gives, so it is not sold (selling it would charge for nothing).
  { id: "basic", level: "basic", purchasable: false, nameKey: "plans.basic.name" },
  { id: "standard", level: "standard", purchasable: true, nameKey: "plans.standard.name" },
  { id: "advanced", level: "advanced", purchasable: true, nameKey: "plans.advanced.name" },
  { id: "contact-us", level: "advanced", purchasable: false, nameKey: "plans.contactUs.name" },
];

/**
 * A user's trial. Either the spec's boolean (`true`: on trial), or `{ active, ends_at }` where
 * `ends_at` is an ISO 8601 time (or `null` for no end): the trial counts while `active` is true
 * and `ends_at` has not passed.
 */
export const ZTrial = z.union([
  z.boolean(),
  z.object({ active: z.boolean(), ends_at: z.iso.datetime({ offset: true }).nullable() }),
]);
/** A user's trial. */
export type TTrial = z.infer<typeof ZTrial>;

/** The plan facts of a user (SPEC §3 user info). */
export interface TPlanUser {
  /** Plan id (`free` … `contact-us`); anything else counts as no plan. */
  active_plane?: string | null;
  /** True once payment for the plan is confirmed. */
  payment_status?: boolean | null;
  trial?: TTrial | null;
}

/**
 * The level of a signed-in user as the server reads it (user info of SPEC §3): the same rule
 * on both sides, so the web never reads raw fields its own way.
 */
export function userPlanLevel(
  info: { active_plane: string; payment_status: boolean; trial: boolean },
  now: Date = new Date(),
): TPlanLevel {
  return planLevel(
    { active_plane: info.active_plane, payment_status: info.payment_status, trial: info.trial },
    now,
  );
}

/** True while a trial counts (boolean `true`, or active and not yet ended at `now`). */
export function isTrialActive(trial: TTrial | null | undefined, now: Date = new Date()): boolean {
  if (typeof trial === "boolean") return trial;
  if (!trial?.active) return false;
  if (trial.ends_at === null) return true;
  const end = Date.parse(trial.ends_at);
  return Number.isFinite(end) && end > now.getTime();
}

/** The level of a plan id; `null` for an unknown id. */
export function levelOfPlan(planId: string | null | undefined): TPlanLevel | null {
  const id = (planId ?? "").trim().toLowerCase();
  return PLANS.find((plan) => plan.id === id)?.level ?? null;
}

/**
 * The capability level a user gets (SPEC §4): a running trial counts as Advanced with payment
 * confirmed; otherwise Basic unless `payment_status` is true, then the level of `active_plane`
 * (Basic for an unknown or missing plan).
 */
export function planLevel(user: TPlanUser, now: Date = new Date()): TPlanLevel {
  if (isTrialActive(user.trial, now)) return "advanced";
  if (user.payment_status !== true) return "basic";
  return levelOfPlan(user.active_plane) ?? "basic";
}

/** The plan capabilities of SPEC §3, with their §3 field names. */
export interface TPlanLimits {
  readonly annotation: { readonly enable: boolean; readonly limit_count: number };
  readonly annotation_image: { readonly enable: boolean; readonly limit_count: number };
  readonly background: { readonly enable: boolean };
  readonly light: { readonly enable: boolean };
  readonly material_and_brightness: { readonly enable: boolean };
  readonly sharing: {
    readonly limit_count_sharelink: number;
    readonly enable_password: boolean;
    readonly enable_homepage_linkbtn: boolean;
    readonly enable_purchase_linkbtn: boolean;
    /** Decision: accesses per share link per month (UTC) before it pauses; null = unlimited. */
    readonly monthly_access_limit: number | null;
  };
  readonly platform: { readonly remove_platform_logo: boolean; readonly remove_platform_ads: boolean };
  /** Decision: contents an account may hold (uploads past it are refused with `planLimit`). */
  readonly content: { readonly limit_count: number };
  /** Decision: booths in exhibition halls (issue 13) and what a booth may show. */
  readonly exhibition: {
    readonly enable_booth_entry: boolean;
    readonly limit_count_booth: number;
    readonly enable_video: boolean;
    readonly enable_images: boolean;
    readonly enable_logo_text: boolean;
    /** Products registered per booth. */
    readonly limit_count_product: number;
  };
  /** Decision: which figures of the analytics report (issue 11) the level shows. */
  readonly analytics: {
    readonly total_visits: boolean;
    readonly content_experience: boolean;
    readonly unique_visitors: boolean;
    readonly by_content_type: boolean;
    readonly browser_device: boolean;
    readonly inflow_path: boolean;
  };
}

/** The limits of each level, exactly as the SPEC §6 table. */
export const PLAN_LIMITS: Readonly<Record<TPlanLevel, TPlanLimits>> = {
  basic: {
    annotation: { enable: false, limit_count: 0 },
    annotation_image: { enable: false, limit_count: 0 },
    background: { enable: true },
    light: { enable: true },
    material_and_brightness: { enable: true },
    sharing: {
      limit_count_sharelink: 1,
      enable_password: false,
      enable_homepage_linkbtn: false,
      enable_purchase_linkbtn: false,
      monthly_access_limit: 100,
    },
    platform: { remove_platform_logo: false, remove_platform_ads: false },
    content: { limit_count: 3 },
    exhibition: {
      enable_booth_entry: true,
      limit_count_booth: 1,
      enable_video: false,
      enable_images: true,
      enable_logo_text: true,
      limit_count_product: 3,
    },
    analytics: {
      total_visits: true,
      content_experience: true,
      unique_visitors: false,
      by_content_type: false,
      browser_device: false,
      inflow_path: false,
    },
  },
  standard: {
    annotation: { enable: true, limit_count: 10 },
    annotation_image: { enable: true, limit_count: 3 },
    background: { enable: true },
    light: { enable: true },
    material_and_brightness: { enable: true },
    sharing: {
      limit_count_sharelink: 3,
      enable_password: true,
      enable_homepage_linkbtn: false,
      enable_purchase_linkbtn: false,
      monthly_access_limit: null,
    },
    platform: { remove_platform_logo: false, remove_platform_ads: false },
    content: { limit_count: 30 },
    exhibition: {
      enable_booth_entry: true,
      limit_count_booth: 3,
      enable_video: true,
      enable_images: true,
      enable_logo_text: true,
      limit_count_product: 10,
    },
    analytics: {
      total_visits: true,
      content_experience: true,
      unique_visitors: true,
      by_content_type: true,
      browser_device: true,
      inflow_path: false,
    },
  },
  advanced: {
    annotation: { enable: true, limit_count: 10 },
    annotation_image: { enable: true, limit_count: 3 },
    background: { enable: true },
    light: { enable: true },
    material_and_brightness: { enable: true },
    sharing: {
      limit_count_sharelink: 10,
      enable_password: true,
      enable_homepage_linkbtn: false,
      enable_purchase_linkbtn: false,
      monthly_access_limit: null,
    },
    platform: { remove_platform_logo: true, remove_platform_ads: true },
    content: { limit_count: 100 },
    exhibition: {
      enable_booth_entry: true,
      limit_count_booth: 10,
      enable_video: true,
      enable_images: true,
      enable_logo_text: true,
      limit_count_product: 30,
    },
    analytics: {
      total_visits: true,
      content_experience: true,
      unique_visitors: true,
      by_content_type: true,
      browser_device: true,
      inflow_path: true,
    },
  },
};

/** The limits a user has now. */
export function planLimitsOf(user: TPlanUser, now: Date = new Date()): TPlanLimits {
  return PLAN_LIMITS[planLevel(user, now)];
}

/** Counted limits, as named in a `planLimit` error's `data.limit`. */
export type TCountedLimit =
  | "annotation"
  | "annotation_image"
  | "sharelink"
  | "content"
  | "booth"
  | "booth_product";

/** How many of a counted thing a level allows. */
export function countLimit(level: TPlanLevel, limit: TCountedLimit): number {
  const limits = PLAN_LIMITS[level];
  if (limit === "sharelink") return limits.sharing.limit_count_sharelink;
  if (limit === "content") return limits.content.limit_count;
  if (limit === "booth") return limits.exhibition.limit_count_booth;
  if (limit === "booth_product") return limits.exhibition.limit_count_product;
  return limits[limit].enable ? limits[limit].limit_count : 0;
}

/** True when one more can be added to `current` under the level's limit. */
export function canAddMore(level: TPlanLevel, limit: TCountedLimit, current: number): boolean {
  return current < countLimit(level, limit);
}

/** One cell of the comparison table: on/off, a count (1..10, 30, 100) or unlimited. */
export type TCompareValue = boolean | number | "unlimited";

/** One row of the comparison table. */
export interface TCompareRow {
  /** i18n key of the row's label (namespace `pricing`). */
  readonly key: string;
  readonly values: Readonly<Record<TPlanLevel, TCompareValue>>;
}

/** One section of the comparison table. */
export interface TCompareSection {
  /** i18n key of the section title (namespace `pricing`). */
  readonly key: string;
  readonly rows: readonly TCompareRow[];
}

const row = (
  key: string,
  basic: TCompareValue,
  standard: TCompareValue,
  advanced: TCompareValue,
): TCompareRow => ({
  key: `compare.${key}`,
  values: { basic, standard, advanced },
});

/** Builds a row straight from `PLAN_LIMITS`, so the table cannot drift from the enforced limits. */
const limitRow = (key: string, pick: (limits: TPlanLimits) => TCompareValue): TCompareRow =>
  row(key, pick(PLAN_LIMITS.basic), pick(PLAN_LIMITS.standard), pick(PLAN_LIMITS.advanced));

/**
 * The pricing page's comparison (SPEC §3 comparison attributes). Rows the spec gives values for
 * read `PLAN_LIMITS`; rows marked "decision" are values the spec leaves open, chosen from its
 * allowed counts (1..10, 30, 100, unlimited).
 */
export const PLAN_COMPARISON: readonly TCompareSection[] = [
  {
    key: "compare.features3d.title",
    rows: [
      limitRow("features3d.descriptionAdd", (l) => l.annotation.enable),
      limitRow("features3d.descriptionLimit", (l) => l.annotation.limit_count),
      limitRow("features3d.descriptionImages", (l) => l.annotation_image.enable),
      limitRow("features3d.imagesPerDescription", (l) => l.annotation_image.limit_count),
      // Decision: motion steps take images like annotations do, with the same cap.
      limitRow("features3d.imagesPerAnimation", (l) => l.annotation_image.limit_count),
      limitRow("features3d.background", (l) => l.background.enable && l.light.enable),
      limitRow("features3d.materialBrightness", (l) => l.material_and_brightness.enable),
    ],
  },
  {
    key: "compare.contentSharing.title",
    rows: [
      limitRow("contentSharing.contentLimit", (l) => l.content.limit_count),
      limitRow("contentSharing.sharelinkCount", (l) => l.sharing.limit_count_sharelink),
      // Decision: free monthly visits through exclusive share links.
      limitRow(
        "contentSharing.sharelinkMonthlyFreeAccess",
        (l) => l.sharing.monthly_access_limit ?? "unlimited",
      ),
      limitRow("contentSharing.sharelinkPassword", (l) => l.sharing.enable_password),
      limitRow(
        "contentSharing.sharelinkMonthlyAccessLimit",
        (l) => l.sharing.monthly_access_limit ?? "unlimited",
      ),
      limitRow("contentSharing.homepageLinkButton", (l) => l.sharing.enable_homepage_linkbtn),
      limitRow("contentSharing.purchaseLinkButton", (l) => l.sharing.enable_purchase_linkbtn),
    ],
  },
  {
    key: "compare.exhibition.title",
    rows: [
      limitRow("exhibition.boothEntry", (l) => l.exhibition.enable_booth_entry),
      limitRow("exhibition.availableBooths", (l) => l.exhibition.limit_count_booth),
      limitRow("exhibition.editVideo", (l) => l.exhibition.enable_video),
      limitRow("exhibition.editImages", (l) => l.exhibition.enable_images),
      limitRow("exhibition.editLogoText", (l) => l.exhibition.enable_logo_text),
      limitRow("exhibition.productRegistration", (l) => l.exhibition.limit_count_product),
    ],
  },
  {
    key: "compare.analytics.title",
    rows: [
      limitRow("analytics.totalVisits", (l) => l.analytics.total_visits),
      limitRow("analytics.contentExperience", (l) => l.analytics.content_experience),
      limitRow("analytics.uniqueVisitors", (l) => l.analytics.unique_visitors),
      limitRow("analytics.viewsByContentType", (l) => l.analytics.by_content_type),
      limitRow("analytics.browserDevice", (l) => l.analytics.browser_device),
      limitRow("analytics.inflowPath", (l) => l.analytics.inflow_path),
    ],
  },
  {
    key: "compare.platform.title",
    rows: [
      limitRow("platform.removeLogo", (l) => l.platform.remove_platform_logo),
      limitRow("platform.removeAds", (l) => l.platform.remove_platform_ads),
    ],
  },
];
