/**
 * The billing mails (issue 12), in the owner's language: the receipt of a confirmed payment,
 * the reminder 7 days before a period ends, a renewal invoice to pay by transfer, and the end
 * of a plan, and the bank's confirmation a renewal charge asks for (SCA). Each links to the
 * account's plan area.
 */
import { formatForLanguage, formatPrice, type TLanguage } from "@vitrine/contract";
import type { TMailMessage } from "../../platform/types";
import type { TTransfer } from "./providers";

/** What a billing mail is about. */
export type TBillingMail = "receipt" | "reminderRenew" | "reminderEnd" | "invoice" | "confirm" | "ended";

const SUBJECT: Record<TLanguage, Record<TBillingMail, string>> = {
  en: {
    receipt: "Your Vitrine receipt",
    reminderRenew: "Your Vitrine plan renews soon",
    reminderEnd: "Your Vitrine plan ends soon",
    invoice: "Your Vitrine plan is due for renewal",
    confirm: "Your bank asks you to confirm your Vitrine renewal",
    ended: "Your Vitrine plan has ended",
  },
  ko: {
    receipt: "Vitrine 결제 영수증",
    reminderRenew: "Vitrine 요금제가 곧 갱신됩니다",
    reminderEnd: "Vitrine 요금제가 곧 종료됩니다",
    invoice: "Vitrine 요금제 갱신 결제를 기다리고 있습니다",
    confirm: "Vitrine 요금제 갱신 결제에 카드 인증이 필요합니다",
    ended: "Vitrine 요금제가 종료되었습니다",
  },
};

const LEAD: Record<TLanguage, Record<TBillingMail, string>> = {
  en: {
    receipt: "Thank you. Your payment is confirmed and your plan is active.",
    reminderRenew: "Your plan renews automatically at the end of this period. Cancel any time before then.",
    reminderEnd: "Your plan ends at the end of this period and will not renew. Nothing you made is deleted.",
    invoice: "Your plan has reached its renewal. Transfer the amount below to keep it.",
    confirm:
      "Your card's bank asks you to confirm this renewal, so nothing was charged. To keep your plan, open it and pay the renewal with your card (your bank's check opens there); until then Basic limits apply.",
    ended:
      "Your plan has ended and Basic limits apply. Nothing you made is deleted; subscribe again any time.",
  },
  ko: {
    receipt: "감사합니다. 결제가 확인되어 요금제가 적용되었습니다.",
    reminderRenew: "요금제는 이번 기간이 끝나면 자동으로 갱신됩니다. 그 전에 언제든지 해지할 수 있습니다.",
    reminderEnd: "요금제는 이번 기간이 끝나면 종료되며 갱신되지 않습니다. 만든 콘텐츠는 삭제되지 않습니다.",
    invoice: "요금제 갱신일이 되었습니다. 요금제를 유지하려면 아래 금액을 입금해 주세요.",
    confirm:
      "카드사에서 이 갱신 결제에 본인 인증을 요청하여 결제되지 않았습니다. 요금제를 유지하려면 요금제 화면에서 카드로 갱신 결제를 해 주세요(카드사 인증 화면이 열립니다). 그 전까지는 Basic 한도가 적용됩니다.",
    ended:
      "요금제가 종료되어 Basic 한도가 적용됩니다. 만든 콘텐츠는 삭제되지 않으며 언제든 다시 구독할 수 있습니다.",
  },
};

const LABELS: Record<
  TLanguage,
  { plan: string; amount: string; until: string; payment: string; bank: string; open: string }
> = {
  en: {
    plan: "Plan",
    amount: "Amount",
    until: "Period ends",
    payment: "Payment",
    bank: "Transfer to",
    open: "Open your plan",
  },
  ko: {
    plan: "요금제",
    amount: "금액",
    until: "기간 종료",
    payment: "결제 번호",
    bank: "입금 계좌",
    open: "요금제 보기",
  },
};

const PLAN_NAMES: Record<TLanguage, Record<string, string>> = {
  en: { standard: "Standard", advanced: "Advanced" },
  ko: { standard: "스탠다드", advanced: "어드밴스드" },
};

/** The facts a billing mail shows. */
export interface TBillingFacts {
  to: string;
  language: TLanguage;
  plan: string;
  amount: number | null;
  currency: "KRW" | "USD";
  periodEnd: Date | null;
  paymentId: string | null;
  transfer: TTransfer | null;
  /** Where the account's plan area is. */
  link: string;
}

/** One billing mail as plain text. */
export function billingMail(kind: TBillingMail, facts: TBillingFacts): TMailMessage {
  const lang = facts.language;
  const l = LABELS[lang];
  const lines = [LEAD[lang][kind], "", `${l.plan}: ${PLAN_NAMES[lang][facts.plan] ?? facts.plan}`];
  if (facts.amount !== null) lines.push(`${l.amount}: ${formatPrice(facts.amount, facts.currency, lang)}`);
  if (facts.periodEnd) lines.push(`${l.until}: ${formatForLanguage(facts.periodEnd.toISOString(), lang)}`);
  if (facts.paymentId) lines.push(`${l.payment}: ${facts.paymentId}`);
  if (facts.transfer?.account) {
    const t = facts.transfer;
    lines.push(`${l.bank}: ${t.bank} ${t.account} (${t.holder}) — ${t.reference}`);
  }
  lines.push("", `${l.open}: ${facts.link}`);
  return { to: facts.to, subject: SUBJECT[lang][kind], text: lines.join("\n") };
}
