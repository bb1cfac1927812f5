/**
 * The production mails (issue 15): each step of a request and each operator's message, in the
 * owner's language, as plain text and HTML. The link leads to the studio's Production section.
 */
import type { TLanguage, TProductionStatus } from "@vitrine/contract";
import { escapeHtml } from "../../platform/http/html";
import type { TMailMessage } from "../../platform/types";

/** What a mail is about: a status step or an operator's message. */
export type TMailStep = TProductionStatus | "message";

const SUBJECT: Record<TLanguage, Record<TMailStep, string>> = {
  en: {
    received: "We received your 3D model request",
    quoted: "Your 3D model quote is ready",
    in_production: "Your 3D model is in production",
    delivered: "Your 3D model has been delivered",
    closed: "Your 3D model request is closed",
    declined: "You declined the quote for your 3D model",
    message: "A message about your 3D model request",
  },
  ko: {
    received: "3D 모델 제작 요청이 접수되었습니다",
    quoted: "3D 모델 제작 견적이 도착했습니다",
    in_production: "3D 모델 제작을 시작했습니다",
    delivered: "3D 모델이 납품되었습니다",
    closed: "3D 모델 제작 요청이 종료되었습니다",
    declined: "3D 모델 제작 견적을 거절하셨습니다",
    message: "3D 모델 제작 요청에 대한 메시지가 도착했습니다",
  },
};

const LEAD: Record<TLanguage, Record<TMailStep, string>> = {
  en: {
    received: "Thank you. We will study your request and send you a quote.",
    quoted: "Here is our quote. Accept or decline it in the studio.",
    in_production: "Thank you for accepting the quote. Our team is producing your model.",
    delivered: "Your model is in your studio, marked as produced: you can add motion steps to it.",
    closed: "This request is closed. Thank you for working with us.",
    declined: "You declined the quote. Write to us in the studio if you would like another one.",
    message: "Our team wrote to you:",
  },
  ko: {
    received: "요청해 주셔서 감사합니다. 내용을 검토한 뒤 견적을 보내 드리겠습니다.",
    quoted: "견적을 보내 드립니다. 스튜디오에서 수락하거나 거절해 주세요.",
    in_production: "견적을 수락해 주셔서 감사합니다. 모델 제작을 시작했습니다.",
    delivered: "모델이 스튜디오에 제작 모델로 등록되었습니다. 이제 모션 단계를 추가할 수 있습니다.",
    closed: "이 요청은 종료되었습니다. 함께해 주셔서 감사합니다.",
    declined: "견적을 거절하셨습니다. 다른 견적이 필요하시면 스튜디오에서 메시지를 남겨 주세요.",
    message: "담당자가 메시지를 보냈습니다.",
  },
};

const LABELS: Record<TLanguage, { product: string; price: string; date: string; open: string }> = {
  en: { product: "Product", price: "Price", date: "Delivery date", open: "Open your requests" },
  ko: { product: "제품", price: "금액", date: "납품 예정일", open: "요청 내역 보기" },
};

/** What a step mail says. */
export interface TStepMail {
  to: string;
  lang: TLanguage;
  step: TMailStep;
  productName: string;
  /** Formatted price and delivery date of a quote. */
  quote?: { price: string; date: string; note: string };
  /** An operator's message. */
  text?: string;
  link: string;
}

/** The mail of one step of a request. */
export function productionMail(mail: TStepMail): TMailMessage {
  const words = LABELS[mail.lang];
  const lines = [LEAD[mail.lang][mail.step], "", `${words.product}: ${mail.productName}`];
  if (mail.quote) {
    lines.push(`${words.price}: ${mail.quote.price}`, `${words.date}: ${mail.quote.date}`);
    if (mail.quote.note) lines.push("", mail.quote.note);
  }
  if (mail.text) lines.push("", mail.text);
  const plain = [...lines, "", `${words.open}: ${mail.link}`, "", "Vitrine"].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif">${lines
    .map((line) => (line === "" ? "" : `<p style="white-space:pre-wrap">${escapeHtml(line)}</p>`))
    .join(
      "",
    )}<p><a href="${escapeHtml(mail.link)}">${escapeHtml(words.open)}</a></p><p>Vitrine</p></body></html>`;
  return { to: mail.to, subject: SUBJECT[mail.lang][mail.step], text: plain, html };
}

/** A price as the owner reads it: `₩1,200,000` or `$950`. */
export function formatPrice(price: number, currency: string, lang: TLanguage): string {
  return new Intl.NumberFormat(lang === "ko" ? "ko-KR" : "en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(price);
}
