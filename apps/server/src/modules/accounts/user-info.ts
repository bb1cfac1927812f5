/** Maps a user row to the contract's `ZUserInfo` (SPEC §3 user info). */
import {
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  type TPlanId,
  type TSubscriptionStatus,
  type TUserInfo,
} from "@vitrine/contract";
import type { TUserRow } from "./queries";

function planIdOf(value: string): TPlanId {
  return (PLAN_IDS as readonly string[]).includes(value) ? (value as TPlanId) : "free";
}

function statusOf(value: string, isSubscribed: boolean, hadPlan: boolean): TSubscriptionStatus {
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(value)
    ? (value as TSubscriptionStatus)
    : "none";
  // A paid period that ran out reads as expired even before the renewal job has run.
  if (!isSubscribed && hadPlan && (status === "active" || status === "cancelled")) return "expired";
  return status;
}

/** The user info a signed-in user reads at `now`. */
export function toUserInfo(user: TUserRow, now: Date): TUserInfo {
  const plan = planIdOf(user.activePlane);
  const isTrialActive = user.trialEndsAt !== null && user.trialEndsAt.getTime() > now.getTime();
  const isSubscribed =
    user.paymentStatus && (user.planExpiresAt === null || user.planExpiresAt.getTime() > now.getTime());
  return {
    user_id: user.id,
    email_id: user.emailId,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    plane_info: {
      plan,
      period: user.planPeriod,
      subscribed: isSubscribed,
      status: statusOf(user.planStatus, isSubscribed, user.paymentStatus),
      expires_at: user.planExpiresAt?.toISOString() ?? null,
    },
    active_plane: plan,
    // SPEC §4: the plan counts only while its payment is confirmed, i.e. for a period not yet over.
    payment_status: isSubscribed,
    trial: isTrialActive,
    trial_ends_at: user.trialEndsAt?.toISOString() ?? null,
    is_super: user.isSuper,
    language: user.language,
    created_at: user.createdAt.toISOString(),
  };
}
