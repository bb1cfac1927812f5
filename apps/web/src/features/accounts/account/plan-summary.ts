/**
 * What the account page says about a user's plan and trial (SPEC §3, §4): plan name, period,
 * subscribed, expiry in the reader's time (Korean time for Korean, local time otherwise), the
 * limits in effect, and the trial's days left.
 */
import {
  formatForLanguage,
  PLANS,
  type TLanguage,
  type TPlanLevel,
  type TPlanPeriod,
  type TUserInfo,
  userPlanLevel,
} from "@vitrine/contract";

const DAY_MS = 86_400_000;

/** A trial as the page shows it. */
export type TTrialSummary =
  | { state: "active"; daysLeft: number; endsAt: string | null }
  | { state: "ended"; endedAt: string }
  | { state: "none" };

/** A user's plan as the page shows it. */
export interface TPlanSummary {
  /** `plans` key of the plan's name. */
  nameKey: string;
  period: TPlanPeriod | null;
  isSubscribed: boolean;
  /** Formatted expiry, or null when the plan has none. */
  expiresAt: string | null;
  /** The limits that apply now (Basic until payment is confirmed; trial counts as Advanced). */
  level: TPlanLevel;
  trial: TTrialSummary;
}

/** Days left of a trial ending at `endsAt`, counting a started day as a whole one. */
export function trialDaysLeft(endsAt: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now.getTime()) / DAY_MS));
}

/** The plan summary of `user` for a reader of `lang` at `now` (`timeZone`: the viewer's, for English). */
export function planSummary(
  user: TUserInfo,
  lang: TLanguage,
  now: Date = new Date(),
  timeZone?: string,
): TPlanSummary {
  const plan = PLANS.find((p) => p.id === user.plane_info.plan) ?? PLANS[0];
  const format = (at: string) => formatForLanguage(at, lang, timeZone);
  const ends_at = user.trial_ends_at;
  let trial: TTrialSummary = { state: "none" };
  if (user.trial) {
    trial = {
      state: "active",
      daysLeft: ends_at === null ? 0 : trialDaysLeft(ends_at, now),
      endsAt: ends_at === null ? null : format(ends_at),
    };
  } else if (ends_at !== null) {
    trial = { state: "ended", endedAt: format(ends_at) };
  }
  return {
    nameKey: plan?.nameKey ?? "plans.free.name",
    period: user.plane_info.period,
    isSubscribed: user.plane_info.subscribed,
    expiresAt: user.plane_info.expires_at === null ? null : format(user.plane_info.expires_at),
    level: userPlanLevel(user, now),
    trial,
  };
}
