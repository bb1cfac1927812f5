import type { TPlanInfo } from "@vitrine/contract";

/** What a plan card's button does, by the plan display states of SPEC §4. */
export type TPlanCta =
  | { kind: "tryFree"; to: "/register" }
  | { kind: "workspace"; to: "/Studio/user" }
  | { kind: "contact"; href: string };

/**
 * The button of one plan card. Not signed in: try for free (contact-us writes to support when its
 * address is known). Signed in: the workspace; subscribing comes with payments.
 */
export function planCta(plan: TPlanInfo, isSignedIn: boolean, supportEmail: string | null): TPlanCta {
  if (plan.id === "contact-us" && supportEmail) return { kind: "contact", href: `mailto:${supportEmail}` };
  return isSignedIn ? { kind: "workspace", to: "/Studio/user" } : { kind: "tryFree", to: "/register" };
}
