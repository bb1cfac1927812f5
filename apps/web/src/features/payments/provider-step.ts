/**
 * The provider's own page after checkout (DESIGN "The business half", billing): Stripe's
 * Checkout Session is a redirect; Toss's card window comes from its browser SDK
 * (`TossPayments(clientKey).payment({customerKey}).requestBillingAuth(…)`), loaded only now and
 * only from the URL the server names. Both come back to `/payment/:id`.
 */
import type { TProviderStep } from "@vitrine/contract";

interface TTossBillingWindow {
  requestBillingAuth(options: {
    method: "CARD";
    successUrl: string;
    failUrl: string;
    customerEmail?: string;
  }): Promise<void>;
}

type TTossPaymentsFactory = (clientKey: string) => {
  payment(options: { customerKey: string }): TTossBillingWindow;
};

declare global {
  interface Window {
    TossPayments?: TTossPaymentsFactory;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[data-provider-sdk="${src}"]`);
    if (existing && window.TossPayments) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.dataset.providerSdk = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("sdk"));
    document.head.appendChild(script);
  });
}

/** What following a step did: the browser left for the provider's page, or it failed here. */
export type TStepResult = { kind: "left" } | { kind: "cancelled" } | { kind: "unavailable" };

/** Opens the provider's page for `step`. */
export async function followProviderStep(step: TProviderStep, email: string): Promise<TStepResult> {
  if (step.kind === "redirect") {
    window.location.assign(step.url);
    return { kind: "left" };
  }
  try {
    await loadScript(step.sdk_url);
  } catch {
    return { kind: "unavailable" };
  }
  const factory = window.TossPayments;
  if (!factory) return { kind: "unavailable" };
  try {
    await factory(step.client_key)
      .payment({ customerKey: step.customer_key })
      .requestBillingAuth({
        method: "CARD",
        successUrl: step.success_url,
        failUrl: step.fail_url,
        customerEmail: email || undefined,
      });
    return { kind: "left" };
  } catch {
    // The payer closed the card window (USER_CANCEL) or it could not open.
    return { kind: "cancelled" };
  }
}
