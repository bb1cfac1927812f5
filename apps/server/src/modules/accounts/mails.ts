/**
 * The accounts mails, in the visitor's language, as HTML and plain text. Codes and links are
 * secrets: they go into the message only, never into a log.
 */
import type { TLanguage } from "@vitrine/contract";
import { escapeHtml } from "../../platform/http/html";
import type { TMailMessage } from "../../platform/types";

/** One mail's words: subject, paragraphs before the highlighted value, paragraphs after. */
interface TMailText {
  subject: string;
  before: string[];
  after: string[];
}

function compose(to: string, text: TMailText, value: { text: string; href?: string }): TMailMessage {
  const plain = [...text.before, "", value.text, "", ...text.after, "", "Vitrine"].join("\n");
  const shown = escapeHtml(value.text);
  const highlighted = value.href
    ? `<p><a href="${escapeHtml(value.href)}">${shown}</a></p>`
    : `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${shown}</p>`;
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("");
  const html = `<!doctype html><html><body style="font-family:sans-serif">${paragraphs(text.before)}${highlighted}${paragraphs(text.after)}<p>Vitrine</p></body></html>`;
  return { to, subject: text.subject, text: plain, html };
}

const CODE_TEXT: Record<TLanguage, TMailText> = {
  en: {
    subject: "Your Vitrine verification code",
    before: ["Enter this code on the sign-up page to verify your email address:"],
    after: [
      "The code is valid for 10 minutes.",
      "If you did not ask for it, ignore this email: nothing happens without the code.",
    ],
  },
  ko: {
    subject: "Vitrine 이메일 인증 코드",
    before: ["회원가입 화면에 아래 인증 코드를 입력해 이메일 주소를 인증해 주세요."],
    after: [
      "인증 코드는 10분 동안 유효합니다.",
      "요청하지 않으셨다면 이 메일을 무시해 주세요. 코드 없이는 아무 일도 일어나지 않습니다.",
    ],
  },
};

const BUSINESS_CODE_TEXT: Record<TLanguage, TMailText> = {
  en: {
    subject: "Your Vitrine verification code",
    before: ["Enter this code in the business-connecting form to verify your business email address:"],
    after: [
      "The code is valid for 10 minutes.",
      "If you did not ask for it, ignore this email: nothing is sent without the code.",
    ],
  },
  ko: {
    subject: "Vitrine 이메일 인증 코드",
    before: ["비즈니스 연결 양식에 아래 인증 코드를 입력해 비즈니스 이메일 주소를 인증해 주세요."],
    after: [
      "인증 코드는 10분 동안 유효합니다.",
      "요청하지 않으셨다면 이 메일을 무시해 주세요. 코드 없이는 아무것도 전송되지 않습니다.",
    ],
  },
};

const RESET_TEXT: Record<TLanguage, TMailText> = {
  en: {
    subject: "Reset your Vitrine password",
    before: [
      "Someone asked to reset the password of your Vitrine account. Open this link to choose a new one:",
    ],
    after: [
      "The link works once, within one hour. Resetting signs you out everywhere.",
      "If you did not ask for it, ignore this email: your password stays as it is.",
    ],
  },
  ko: {
    subject: "Vitrine 비밀번호 재설정",
    before: ["Vitrine 계정의 비밀번호 재설정이 요청되었습니다. 아래 링크를 열어 새 비밀번호를 정해 주세요."],
    after: [
      "링크는 1시간 안에 한 번만 사용할 수 있습니다. 재설정하면 모든 기기에서 로그아웃됩니다.",
      "요청하지 않으셨다면 이 메일을 무시해 주세요. 비밀번호는 그대로 유지됩니다.",
    ],
  },
};

const SUPER_TEXT: Record<TLanguage, TMailText> = {
  en: {
    subject: "Your Vitrine administrator account",
    before: ["An administrator account was created for this address. Open this link to choose its password:"],
    after: ["The link works once, within one hour. After that, use “Forgot password” on the sign-in page."],
  },
  ko: {
    subject: "Vitrine 관리자 계정",
    before: ["이 주소로 관리자 계정이 만들어졌습니다. 아래 링크를 열어 비밀번호를 정해 주세요."],
    after: [
      "링크는 1시간 안에 한 번만 사용할 수 있습니다. 그 뒤에는 로그인 화면의 ‘비밀번호 찾기’를 이용해 주세요.",
    ],
  },
};

const SIGNUP_NOTICE_TEXT: Record<TLanguage, TMailText> = {
  en: {
    subject: "Someone tried to sign up to Vitrine with your address",
    before: [
      "Someone asked for a sign-up code for this email address, which already has a Vitrine account. No code was sent and no account was made.",
      "If it was you, sign in here:",
    ],
    after: [
      "If you forgot your password, use “Forgot your password?” on the sign-in page to set a new one.",
      "If it was not you, ignore this email: your account is unchanged.",
    ],
  },
  ko: {
    subject: "회원님의 주소로 Vitrine 가입이 시도되었습니다",
    before: [
      "이미 Vitrine 계정이 있는 이 이메일 주소로 가입 인증 코드가 요청되었습니다. 코드는 보내지 않았고 계정도 만들어지지 않았습니다.",
      "본인이 요청하셨다면 여기에서 로그인해 주세요.",
    ],
    after: [
      "비밀번호를 잊으셨다면 로그인 화면의 ‘비밀번호를 잊으셨나요?’를 눌러 새 비밀번호를 정할 수 있습니다.",
      "본인이 요청하지 않으셨다면 이 메일을 무시해 주세요. 계정은 그대로입니다.",
    ],
  },
};

/** The notice mailed instead of a code to an address that already has an account. */
export function signupNoticeMail(to: string, publicUrl: string, lang: TLanguage): TMailMessage {
  const link = `${publicUrl}/login`;
  return compose(to, SIGNUP_NOTICE_TEXT[lang], { text: link, href: link });
}

/** The sign-up verification code mail. */
export function verificationCodeMail(
  to: string,
  code: string,
  lang: TLanguage,
  purpose: "signup" | "business_connect" = "signup",
): TMailMessage {
  return compose(to, (purpose === "signup" ? CODE_TEXT : BUSINESS_CODE_TEXT)[lang], { text: code });
}

/** The password reset mail; `link` is `${PUBLIC_URL}/passwd/reset/<token>`. */
export function passwordResetMail(to: string, link: string, lang: TLanguage): TMailMessage {
  return compose(to, RESET_TEXT[lang], { text: link, href: link });
}

/** The mail of a super account created at start: a link to choose its password. */
export function superAccountMail(to: string, link: string, lang: TLanguage): TMailMessage {
  return compose(to, SUPER_TEXT[lang], { text: link, href: link });
}
