/**
 * The view rows' parts that page timing and the tracker share (SPEC §3, §4): the log call and
 * its keys, the tab's view session, the device a row describes, a page's type, a row itself, and
 * the relay that sends what a leaving page sealed. No zod here: `/embed` loads it too.
 */
import type { TViewLog } from "@vitrine/contract";

/** Session-storage key of the page-view session id. */
export const SESSION_ID_KEY = "vitrine-session-id";
/** Windows narrower than this on a phone or tablet count as mobile (SPEC §9). */
export const MOBILE_MAX_WIDTH = 1024;

/** The log call's path and fixed key (the contract's, written out; `page-timing.test.ts` checks). */
export const LOG_CALL_PATH = "/api/user_report/request_add_origin_log_notoken";
/** The fixed key of visitor log rows (contract `LOG_FIXED_KEY`). */
export const LOG_KEY = "vitrine-origin-log";
/** The relay service worker (in `public/`). */
export const RELAY_URL = "/page-timing-relay.js";
/** Session-storage key of a view handed to the relay when the page went away. */
export const PENDING_KEY = "vitrine-view-pending";

/** Hands `body` to the relay `worker` to send at once (its `h`, then `r`: the relay's protocol). */
export function relaySendNow(worker: ServiceWorker, body: string): void {
  const id = crypto.randomUUID();
  worker.postMessage({ type: "h", id, body });
  worker.postMessage({ type: "r", id });
}

/** Browser and device facts of a log row. */
export type TLogMetadata = TViewLog["metadata"];

/** How the current document was loaded, as the Navigation Timing API names it. */
export type TNavigationType = "navigate" | "reload" | "back_forward" | "prerender" | undefined;

/** True when a page load of this type starts a view (navigation or back/forward, not reload). */
export function isCountedLoad(type: TNavigationType): boolean {
  return type === "navigate" || type === "back_forward";
}

/** The load type of the current document. */
export function currentNavigationType(): TNavigationType {
  const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return entry?.type as TNavigationType;
}

/** The page-view session id, created once per browser tab. */
export function getViewSessionId(storage: Pick<Storage, "getItem" | "setItem"> = tabStorage()): string {
  const existing = storage.getItem(SESSION_ID_KEY);
  if (existing && existing.length >= 8) return existing;
  const id = crypto.randomUUID();
  storage.setItem(SESSION_ID_KEY, id);
  return id;
}

/** The tab's session storage; a page-lifetime stand-in where the browser refuses it (some frames). */
export function tabStorage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  try {
    return sessionStorage;
  } catch {
    const kept = new Map<string, string>();
    return {
      getItem: (key) => kept.get(key) ?? null,
      setItem: (key, value) => void kept.set(key, value),
      removeItem: (key) => void kept.delete(key),
    };
  }
}

function versionAfter(ua: string, re: RegExp): string {
  return ua.match(re)?.[1] ?? "";
}

/** Reads platform, browser and device type from a user agent and window width. */
export function describeDevice(userAgent: string, windowWidth: number, maxTouchPoints = 0): TLogMetadata {
  const ua = userAgent;
  let platform = "";
  let platformVersion = "";
  if (/iPhone|iPad|iPod/.test(ua)) {
    platform = "iOS";
    platformVersion = versionAfter(ua, /OS (\d+[_.\d]*)/).replace(/_/g, ".");
  } else if (/Android/.test(ua)) {
    platform = "Android";
    platformVersion = versionAfter(ua, /Android (\d+(?:\.\d+)*)/);
  } else if (/Windows/.test(ua)) {
    platform = "Windows";
    platformVersion = versionAfter(ua, /Windows NT (\d+\.\d+)/);
  } else if (/CrOS/.test(ua)) {
    platform = "ChromeOS";
  } else if (/Mac OS X|Macintosh/.test(ua)) {
    platform = "macOS";
    platformVersion = versionAfter(ua, /Mac OS X (\d+[_.\d]*)/).replace(/_/g, ".");
  } else if (/Linux/.test(ua)) {
    platform = "Linux";
  }

  const browsers: [string, RegExp][] = [
    ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ["Samsung Internet", /SamsungBrowser\/([\d.]+)/],
    ["Opera", /(?:OPR|Opera)\/([\d.]+)/],
    ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
    ["Chrome", /(?:Chrome|CriOS)\/([\d.]+)/],
    ["Safari", /Version\/([\d.]+).*Safari/],
  ];
  const found = browsers.find(([, re]) => re.test(ua));
  const browser = found?.[0] ?? "";
  const browserVersion = found ? versionAfter(ua, found[1]) : "";

  // iPadOS reports itself as a Mac; touch support gives it away.
  const isTablet =
    /iPad|Tablet/.test(ua) ||
    (/Android/.test(ua) && !/Mobile/.test(ua)) ||
    (platform === "macOS" && maxTouchPoints > 1);
  const isPhone = !isTablet && /Mobi|iPhone|iPod|Android/.test(ua);
  const deviceType = isPhone ? "mobile" : isTablet ? "tablet" : "desktop";
  return {
    platform,
    platformVersion: platformVersion.slice(0, 64),
    browser,
    browserVersion: browserVersion.slice(0, 64),
    isMobile: (isPhone || isTablet) && windowWidth < MOBILE_MAX_WIDTH,
    deviceType,
  };
}

/** The page type of a path: its first segment in lower case, or `home`. */
export function pageTypeOf(pathname: string): string {
  const first = pathname.split("/").find((part) => part.length > 0);
  return (first ?? "home").toLowerCase().slice(0, 64);
}

/** Inputs of one log row. */
export interface TViewLogInput {
  action: "view_start" | "view_end";
  sessionId: string;
  path: string;
  metadata: TLogMetadata;
  referrer: string;
  userId?: string | null;
  /** Seconds on the page, for `view_end`. */
  duration?: number;
  /** The content shown (share page, embed) and its owner. */
  content?: TPageContent | null;
}

/** The content a page shows, for its rows. */
export interface TPageContent {
  contentId: string;
  contentOwnerId: string;
}

/** Builds a log row the contract accepts. */
export function buildViewLog(input: TViewLogInput): TViewLog {
  const path = input.path.slice(0, 2048) || "/";
  const log: TViewLog = {
    key: LOG_KEY,
    visit_userId: (input.userId ?? "").slice(0, 80),
    // Ids the server gave out (well under the contract's 80 characters).
    contentOwnerId: input.content?.contentOwnerId ?? "",
    sessionId: input.sessionId,
    contentId: input.content?.contentId ?? "",
    pageType: pageTypeOf(path),
    contentType: "home",
    action: input.action,
    path,
    metadata: input.metadata,
    referrer: input.referrer.slice(0, 2048),
    detail: "",
  };
  if (input.action === "view_end") log.duration = Math.max(0, Math.round(input.duration ?? 0));
  return log;
}

/** Whole seconds between two `Date.now()` readings. */
export function elapsedSeconds(startMs: number, endMs: number): number {
  return Math.max(0, Math.round((endMs - startMs) / 1000));
}

/** Seals a payload in the request envelope (the app's and the embed's envelope both fit). */
export interface TSealer {
  wrap(payload: unknown): Promise<unknown>;
}
