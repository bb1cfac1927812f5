import type { TPlanInfo, TPlanPeriod, TUserInfo } from "@vitrine/contract";

/** What a plan card's button does, by the plan display states of SPEC §4. */
export type TPlanCta =
  | { kind: "tryFree"; to: "/register" }
  | { kind: "workspace"; to: "/Studio/user" }
  | { kind: "subscribe"; to: string }
  | { kind: "current"; renewsAt: string | null; to: "/Studio/user/account" }
  | { kind: "contact"; href: string };

/**
 * The button of one plan card. Not signed in: try for free. Signed in, no paid plan running: the
 * plans sold online offer subscribe/pay (the others the workspace). Subscribed: the card of the
 * current plan says so with its renewal date; the others lead to the account, where the plan
 * changes. Contact-us writes to support when its address is known.
 */
export function planCta(
  plan: TPlanInfo,
  user: Pick<TUserInfo, "active_plane" | "plane_info"> | null,
  isSignedIn: boolean,
  period: TPlanPeriod,
  supportEmail: string | null,
): TPlanCta {
  if (plan.id === "contact-us" && supportEmail) return { kind: "contact", href: `mailto:${supportEmail}` };
  if (!isSignedIn) return { kind: "tryFree", to: "/register" };
  const isSubscribed = user?.plane_info.subscribed === true;
  if (isSubscribed && user?.active_plane === plan.id) {
    return { kind: "current", renewsAt: user.plane_info.expires_at, to: "/Studio/user/account" };
  }
  if (plan.purchasable && !isSubscribed)
    return { kind: "subscribe", to: `/checkout?plan=${plan.id}&period=${period}` };
  return { kind: "workspace", to: "/Studio/user" };
}
