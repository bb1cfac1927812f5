/** The chat's mail: an operator's answer, sent when the owner is away, in the owner's language. */
import type { TLanguage } from "@vitrine/contract";
import { escapeHtml } from "../../platform/http/html";
import type { TMailMessage } from "../../platform/types";

const TEXT: Record<TLanguage, { subject: string; intro: string; open: string; footer: string }> = {
  en: {
    subject: "Vitrine support answered your message",
    intro: "The Vitrine team answered you in the support chat:",
    open: "Open the chat to read the conversation and reply:",
    footer: "You get this e-mail because you were not connected when the answer arrived.",
  },
  ko: {
    subject: "Vitrine 고객지원팀이 답변했습니다",
    intro: "Vitrine 팀이 고객지원 채팅에서 답변했습니다.",
    open: "채팅을 열어 대화를 확인하고 답장할 수 있습니다.",
    footer: "답변이 도착했을 때 접속 중이 아니셔서 이 메일을 보내 드립니다.",
  },
};

/** The mail of an answer: its text, and a link that opens the chat panel. */
export function answerMail(to: string, lang: TLanguage, answer: string, link: string): TMailMessage {
  const t = TEXT[lang];
  const text = [t.intro, "", answer, "", t.open, link, "", t.footer, "", "Vitrine"].join("\n");
  const quoted = escapeHtml(answer).replace(/\n/g, "<br>");
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(t.intro)}</p><blockquote style="border-left:3px solid #ccc;margin:0;padding:4px 12px">${quoted}</blockquote><p>${escapeHtml(t.open)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p style="color:#666">${escapeHtml(t.footer)}</p><p>Vitrine</p></body></html>`;
  return { to, subject: t.subject, text, html };
}
