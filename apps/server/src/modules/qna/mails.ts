/** The Q&A mail (issue 15): the asker is told their question was answered, in their language. */
import type { TLanguage } from "@vitrine/contract";
import { escapeHtml } from "../../platform/http/html";
import type { TMailMessage } from "../../platform/types";

const TEXT: Record<TLanguage, { subject: string; lead: string; open: string }> = {
  en: {
    subject: "Your question on Vitrine has been answered",
    lead: "Our team answered your question:",
    open: "Read the answer",
  },
  ko: {
    subject: "Vitrine에 남기신 질문에 답변이 등록되었습니다",
    lead: "남기신 질문에 답변이 등록되었습니다.",
    open: "답변 보기",
  },
};

/** The mail telling an asker their question was answered. */
export function answeredMail(to: string, lang: TLanguage, title: string, link: string): TMailMessage {
  const t = TEXT[lang];
  const text = [t.lead, "", title, "", `${t.open}: ${link}`, "", "Vitrine"].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(t.lead)}</p><p><b>${escapeHtml(title)}</b></p><p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p><p>Vitrine</p></body></html>`;
  return { to, subject: t.subject, text, html };
}
