/**
 * What intake keeps of a request (issue 11): the user agent parsed into browser, version, OS and
 * device (bowser; phones and tablets as SPEC §9 names them), bots dropped (isbot), and the
 * referrer reduced to an inflow source. Neither the user agent nor the referrer is stored.
 */
import Bowser from "bowser";
import { isbot } from "isbot";
import type { TDeviceKind } from "../../db/schema/analytics";

/** A user agent as the report counts it. */
export interface TAgent {
  browser: string;
  browserVersion: string;
  os: string;
  device: TDeviceKind;
}

/** True when the user agent is a crawler, a script or empty (nothing a person uses). */
export function isBotAgent(userAgent: string): boolean {
  return userAgent.trim() === "" || isbot(userAgent);
}

/** Parses a user agent; `isMobileHint` is the page's own reading (iPadOS says it is a Mac). */
export function parseAgent(userAgent: string, hint: { deviceType?: string } = {}): TAgent {
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  let device: TDeviceKind = type === "mobile" ? "phone" : type === "tablet" ? "tablet" : "desktop";
  // iPadOS sends a Mac user agent; its page tells by touch points.
  if (device === "desktop" && hint.deviceType === "tablet" && parsed.os.name === "macOS") device = "tablet";
  const major = (parsed.browser.version ?? "").split(".")[0] ?? "";
  return {
    browser: (parsed.browser.name ?? "").slice(0, 40) || "Other",
    browserVersion: major.slice(0, 16),
    os: (parsed.os.name ?? "").slice(0, 40) || "Other",
    device,
  };
}

/** Search engines by host (suffix match on the registrable part). */
const SEARCH: [RegExp, string][] = [
  [/(^|\.)google\./, "google"],
  [/(^|\.)bing\.com$/, "bing"],
  [/(^|\.)naver\.com$/, "naver"],
  [/(^|\.)daum\.net$/, "daum"],
  [/(^|\.)yahoo\./, "yahoo"],
  [/(^|\.)duckduckgo\.com$/, "duckduckgo"],
  [/(^|\.)baidu\.com$/, "baidu"],
  [/(^|\.)yandex\./, "yandex"],
  [/(^|\.)ecosia\.org$/, "ecosia"],
];
const SOCIAL: [RegExp, string][] = [
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, "facebook"],
  [/(^|\.)instagram\.com$/, "instagram"],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, "x"],
  [/(^|\.)linkedin\.com$/, "linkedin"],
  [/(^|\.)(youtube\.com|youtu\.be)$/, "youtube"],
  [/(^|\.)tiktok\.com$/, "tiktok"],
  [/(^|\.)pinterest\./, "pinterest"],
  [/(^|\.)reddit\.com$/, "reddit"],
  [/(^|\.)band\.us$/, "band"],
  [/(^|\.)blog\.naver\.com$/, "naver_blog"],
];
const MESSENGER: [RegExp, string][] = [
  [/(^|\.)(kakao\.com|kakaocorp\.com|kakao\.co\.kr)$/, "kakaotalk"],
  [/(^|\.)(line\.me|line-apps\.com|naver\.jp)$/, "line"],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, "whatsapp"],
  [/(^|\.)(telegram\.org|t\.me)$/, "telegram"],
  [/(^|\.)(messenger\.com|m\.me)$/, "messenger"],
  [/(^|\.)wechat\.com$/, "wechat"],
  [/(^|\.)slack\.com$/, "slack"],
];

function match(host: string, table: [RegExp, string][]): string | null {
  for (const [re, name] of table) if (re.test(host)) return name;
  return null;
}

/**
 * The inflow source of a row: `direct`; `search:<engine>`; `social:<network>`;
 * `messenger:<app>` (also in-app browsers that send no referrer: KakaoTalk, LINE user agents);
 * `vitrine:channel|booth|share|showroom|other` for our own pages; `embed:<host>` for the embed
 * framed on another site; else `site:<host>`.
 */
export function inflowOf(input: {
  referrer: string;
  userAgent: string;
  pageType: string;
  ownHost: string | null;
  /** The host the request came to (a page of ours refers from it even where PUBLIC_URL differs). */
  requestHost?: string;
}): string {
  const { referrer, userAgent, pageType, ownHost, requestHost } = input;
  let host = "";
  let path = "";
  try {
    if (referrer) {
      const url = new URL(referrer);
      if (url.protocol === "http:" || url.protocol === "https:") {
        host = url.hostname.toLowerCase().replace(/^www\./, "");
        path = url.pathname;
      }
    }
  } catch {
    host = "";
  }
  const isEmbed = pageType === "embed";
  const own = [ownHost, requestHost].flatMap((h) => (h ? [h.toLowerCase().replace(/^www\./, "")] : []));
  const isOwn = host !== "" && own.includes(host);
  if (isEmbed && host && !isOwn) return `embed:${host.slice(0, 120)}`;
  if (isOwn) {
    const first = (path.split("/").find((p) => p) ?? "").toLowerCase();
    if (first === "channel") return "vitrine:channel";
    if (first === "share" || first === "embed") return "vitrine:share";
    if (first === "showroom" || first === "booth") return "vitrine:booth";
    return "vitrine:other";
  }
  if (!host) {
    if (/KAKAOTALK/i.test(userAgent)) return "messenger:kakaotalk";
    if (/\bLine\//.test(userAgent)) return "messenger:line";
    return "direct";
  }
  const engine = match(host, SEARCH);
  if (engine) return `search:${engine}`;
  const messenger = match(host, MESSENGER);
  if (messenger) return `messenger:${messenger}`;
  if (/KAKAOTALK/i.test(userAgent)) return "messenger:kakaotalk";
  const social = match(host, SOCIAL);
  if (social) return `social:${social}`;
  return `site:${host.slice(0, 120)}`;
}
