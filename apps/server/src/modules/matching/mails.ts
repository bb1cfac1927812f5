/**
 * The matching mails, in the recipient's language, as HTML and plain text: the buyer's copy,
 * a matched business's notice (the buyer's consented details, the reasons, the one-click
 * "not interested" link), the buyer's list of matched businesses, and a business's reply.
 */
import {
  CONNECT_TEXT_MAX,
  countryName,
  INCOTERMS,
  type TConnectBuyer,
  type TLanguage,
  type TMatchReason,
} from "@vitrine/contract";
import { escapeHtml } from "../../platform/http/html";
import type { TMailMessage } from "../../platform/types";

const INDUSTRY_NAMES: Record<TLanguage, Record<string, string>> = {
  en: {
    manufacturing: "Manufacturing",
    electronics: "Electronics",
    machinery: "Machinery",
    automotive: "Automotive",
    chemicals: "Chemicals",
    cosmetics: "Cosmetics and beauty",
    fashion: "Fashion",
    food: "Food and beverages",
    furniture: "Furniture",
    medical: "Medical",
    construction: "Construction",
    energy: "Energy",
    software: "Software and IT",
    logistics: "Logistics",
    retail: "Retail",
    education: "Education",
    other: "Other",
  },
  ko: {
    manufacturing: "제조",
    electronics: "전자",
    machinery: "기계",
    automotive: "자동차",
    chemicals: "화학",
    cosmetics: "화장품·뷰티",
    fashion: "패션",
    food: "식품·음료",
    furniture: "가구",
    medical: "의료",
    construction: "건설",
    energy: "에너지",
    software: "소프트웨어·IT",
    logistics: "물류",
    retail: "유통·소매",
    education: "교육",
    other: "기타",
  },
};

const BUSINESS_TYPE_NAMES: Record<TLanguage, Record<string, string>> = {
  en: {
    importer: "Importer",
    distributor: "Distributor",
    wholesaler: "Wholesaler",
    retailer: "Retailer",
    manufacturer: "Manufacturer",
    brand: "Brand owner",
    trading: "Trading company",
    service: "Service provider",
    other: "Other",
  },
  ko: {
    importer: "수입업체",
    distributor: "유통업체",
    wholesaler: "도매업체",
    retailer: "소매업체",
    manufacturer: "제조업체",
    brand: "브랜드사",
    trading: "무역회사",
    service: "서비스 기업",
    other: "기타",
  },
};

/** An industry's name in `lang`. */
export function industryName(code: string, lang: TLanguage, other = ""): string {
  if (code === "other" && other !== "") return other;
  return INDUSTRY_NAMES[lang][code] ?? code;
}

/** A buyer business type's name in `lang`. */
export function businessTypeName(code: string, lang: TLanguage): string {
  return BUSINESS_TYPE_NAMES[lang][code] ?? code;
}

/** One reason in words ("same industry: Cosmetics and beauty"). */
export function reasonText(reason: TMatchReason, lang: TLanguage): string {
  const ko = lang === "ko";
  switch (reason.code) {
    case "direct":
      return ko ? "회원님의 페이지에서 보낸 문의" : "sent from your page";
    case "industry":
      return `${ko ? "같은 업종" : "same industry"}: ${reason.values.map((v) => industryName(v, lang)).join(", ")}`;
    case "market":
      return ko
        ? `${reason.values.map((v) => countryName(v, lang)).join(", ")}에 수출`
        : `exports to ${reason.values.map((v) => countryName(v, lang)).join(", ")}`;
    case "incoterms":
      return ko ? `${reason.values.join(", ")} 조건 가능` : `accepts ${reason.values.join(", ")}`;
    case "business_type":
      return `${ko ? "찾는 거래처 유형" : "buyer type sought"}: ${reason.values.map((v) => businessTypeName(v, lang)).join(", ")}`;
    case "text":
      return ko
        ? `찾는 제품과 일치: ${reason.values.join(", ")} (${reason.count}%)`
        : `matches what the buyer needs: ${reason.values.join(", ")} (${reason.count}%)`;
    case "viewed":
      return ko ? `이 기업의 콘텐츠 ${reason.count}개를 봄` : `viewed ${reason.count} of its contents`;
  }
}

interface TBlock {
  /** A paragraph, or label/value rows. */
  p?: string;
  rows?: [string, string][];
  link?: { text: string; href: string };
  list?: string[];
}

function compose(to: string, subject: string, blocks: TBlock[]): TMailMessage {
  const plain: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if (block.p !== undefined) {
      plain.push(block.p, "");
      html.push(`<p>${escapeHtml(block.p)}</p>`);
    }
    if (block.rows) {
      for (const [label, value] of block.rows) plain.push(`${label}: ${value}`);
      plain.push("");
      html.push(
        `<table style="border-collapse:collapse">${block.rows
          .map(
            ([label, value]) =>
              `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
          )
          .join("")}</table>`,
      );
    }
    if (block.list) {
      for (const item of block.list) plain.push(`- ${item}`);
      plain.push("");
      html.push(`<ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`);
    }
    if (block.link) {
      plain.push(`${block.link.text}: ${block.link.href}`, "");
      html.push(`<p><a href="${escapeHtml(block.link.href)}">${escapeHtml(block.link.text)}</a></p>`);
    }
  }
  plain.push("Vitrine");
  return {
    to,
    subject,
    text: plain.join("\n"),
    html: `<!doctype html><html><body style="font-family:sans-serif">${html.join("")}<p>Vitrine</p></body></html>`,
  };
}

/** The buyer's details as rows, in `lang`. */
function buyerRows(buyer: TConnectBuyer, lang: TLanguage): [string, string][] {
  const ko = lang === "ko";
  const rows: [string, string][] = [
    [ko ? "회사명" : "Company", buyer.company],
    [ko ? "담당자" : "Contact person", buyer.contact_person],
    [ko ? "직함" : "Job title", buyer.job_title],
    [
      ko ? "이메일" : "Email",
      `${buyer.email} (${
        buyer.email_kind === "personal"
          ? ko
            ? "개인 메일 서비스 주소"
            : "a personal mail service address"
          : ko
            ? "회사 도메인 주소"
            : "a company domain address"
      })`,
    ],
    [ko ? "국가" : "Country", countryName(buyer.country, lang)],
    [ko ? "업종" : "Industry", industryName(buyer.industry, lang, buyer.industry_other)],
    [ko ? "사업 형태" : "Business type", businessTypeName(buyer.business_type, lang)],
    [
      ko ? "문의 유형" : "Inquiry type",
      buyer.inquiry_type === "product"
        ? ko
          ? "제품 문의"
          : "Product inquiry"
        : ko
          ? "사업 문의"
          : "Business inquiry",
    ],
    [ko ? "찾는 제품·서비스" : "Products or needs", buyer.needs.slice(0, CONNECT_TEXT_MAX.needs)],
  ];
  if (buyer.quantity !== "") rows.push([ko ? "목표 수량·예산" : "Target quantity or budget", buyer.quantity]);
  if (buyer.incoterms.length > 0) {
    rows.push([
      ko ? "희망 인코텀즈" : "Preferred Incoterms",
      buyer.incoterms.map((c) => `${c} (${INCOTERMS[c as keyof typeof INCOTERMS] ?? c})`).join(", "),
    ]);
  }
  return rows;
}

/** The copy of the form the buyer receives at once. */
export function buyerCopyMail(
  buyer: TConnectBuyer,
  shared: boolean,
  channelName: string | null,
): TMailMessage {
  const ko = buyer.lang === "ko";
  const sharing = shared
    ? ko
      ? `제3자 제공에 동의하셨으므로${channelName ? ` ${channelName} 및` : ""} 문의에 맞는 기업(최대 5곳)에 아래 정보가 전달됩니다. 맞는 기업이 없으면 추가 메일은 없습니다.`
      : `You agreed to third-party provision, so ${channelName ? `${channelName} and ` : ""}up to 5 businesses that fit your inquiry will receive the details below. If none fits, you will not hear from us again.`
    : ko
      ? "제3자 제공에 동의하지 않으셨으므로 어떤 기업에도 정보가 전달되지 않았습니다."
      : "You did not agree to third-party provision, so no business has received your details.";
  return compose(
    buyer.email,
    ko ? "Vitrine 비즈니스 연결 문의 사본" : "Your Vitrine business inquiry (copy)",
    [
      { p: ko ? "비즈니스 연결 문의를 받았습니다." : "We received your business-connecting inquiry." },
      { p: sharing },
      { rows: buyerRows(buyer, buyer.lang) },
    ],
  );
}

/** The notice a business receives about an inquiry. */
export function businessMatchMail(input: {
  to: string;
  lang: TLanguage;
  buyer: TConnectBuyer;
  reasons: TMatchReason[];
  kind: "direct" | "matched";
  studioUrl: string;
  notInterestedUrl: string;
}): TMailMessage {
  const ko = input.lang === "ko";
  const intro =
    input.kind === "direct"
      ? ko
        ? "회원님의 Vitrine 페이지에서 비즈니스 문의가 도착했습니다."
        : "A business inquiry was sent from your Vitrine page."
      : ko
        ? "Vitrine이 회원님의 기업과 맞는 바이어를 찾았습니다."
        : "Vitrine matched a buyer with your business.";
  return compose(
    input.to,
    ko ? `새 비즈니스 문의: ${input.buyer.company}` : `New business inquiry: ${input.buyer.company}`,
    [
      { p: intro },
      { p: ko ? "연결된 이유:" : "Why it fits:" },
      { list: input.reasons.map((r) => reasonText(r, input.lang)) },
      {
        p: ko
          ? "바이어가 제3자 제공에 동의한 정보입니다. 이 문의에 답하는 용도로만 사용하고, 필요가 없어지면 삭제해 주세요."
          : "The buyer agreed to share these details with you. Use them only to answer this inquiry, and delete them when no longer needed.",
      },
      { rows: buyerRows(input.buyer, input.lang) },
      { link: { text: ko ? "스튜디오에서 답장하기" : "Reply from your studio", href: input.studioUrl } },
      {
        link: {
          text: ko
            ? "관심 없음 (이 바이어와 다시 연결하지 않음)"
            : "Not interested (never match this buyer again)",
          href: input.notInterestedUrl,
        },
      },
    ],
  );
}

/** The buyer's list of matched businesses. */
export function buyerMatchesMail(
  buyer: TConnectBuyer,
  businesses: { name: string; url: string; reasons: TMatchReason[] }[],
): TMailMessage {
  const ko = buyer.lang === "ko";
  const blocks: TBlock[] = [
    {
      p: ko
        ? `문의를 아래 기업 ${businesses.length}곳에 전달했습니다. 각 기업이 이메일로 연락드릴 것입니다.`
        : `Your inquiry went to these ${businesses.length} businesses. Each may contact you by email.`,
    },
  ];
  for (const business of businesses) {
    blocks.push({ link: { text: business.name, href: business.url } });
    blocks.push({
      list: business.reasons.filter((r) => r.code !== "viewed").map((r) => reasonText(r, buyer.lang)),
    });
  }
  return compose(
    buyer.email,
    ko ? "Vitrine: 문의가 전달된 기업" : "Vitrine: the businesses that received your inquiry",
    blocks,
  );
}

/** A business's reply to a buyer. */
export function replyMail(input: {
  buyer: TConnectBuyer;
  channelName: string;
  channelUrl: string;
  ownerEmail: string;
  message: string;
}): TMailMessage {
  const ko = input.buyer.lang === "ko";
  return compose(input.buyer.email, ko ? `${input.channelName}의 답장` : `Reply from ${input.channelName}`, [
    {
      p: ko
        ? `${input.channelName}에서 비즈니스 문의에 답장했습니다.`
        : `${input.channelName} replied to your business inquiry.`,
    },
    { p: input.message },
    {
      p: ko ? `답장은 ${input.ownerEmail}(으)로 보내 주세요.` : `To answer, write to ${input.ownerEmail}.`,
    },
    { link: { text: input.channelName, href: input.channelUrl } },
  ]);
}
