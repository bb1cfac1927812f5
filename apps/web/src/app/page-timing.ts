/**
 * Page timing (SPEC §4): `view_start` when a page is entered (load by navigation or back/forward,
 * not reload; and every in-app route change), `view_end` with the seconds spent when it is left.
 * Rows go out with `navigator.sendBeacon`, envelope-wrapped, to the visitor log call.
 */
import {
  addOriginLogCall,
  LOG_FIXED_KEY,
  type TEnvelope,
  type TViewLog,
  type ZLogMetadata,
} from "@vitrine/contract";
import type { z } from "zod";

/** Session-storage key of the page-view session id. */
export const SESSION_ID_KEY = "vitrine-session-id";
/** Windows narrower than this on a phone or tablet count as mobile (SPEC §9). */
export const MOBILE_MAX_WIDTH = 1024;

/** Browser and device facts of a log row. */
export type TLogMetadata = z.infer<typeof ZLogMetadata>;

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
export function getViewSessionId(storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage): string {
  const existing = storage.getItem(SESSION_ID_KEY);
  if (existing && existing.length >= 8) return existing;
  const id = crypto.randomUUID();
  storage.setItem(SESSION_ID_KEY, id);
  return id;
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
}

/** Builds a log row the contract accepts. */
export function buildViewLog(input: TViewLogInput): TViewLog {
  const path = input.path.slice(0, 2048) || "/";
  const log: TViewLog = {
    key: LOG_FIXED_KEY,
    visit_userId: (input.userId ?? "").slice(0, 80),
    contentOwnerId: "",
    sessionId: input.sessionId,
    contentId: "",
    pageType: pageTypeOf(path),
    contentType: "home",
    action: input.action,
    path,
    metadata: input.metadata,
    referrer: input.referrer.slice(0, 2048),
  };
  if (input.action === "view_end") log.duration = Math.max(0, Math.round(input.duration ?? 0));
  return log;
}

/** Whole seconds between two `Date.now()` readings. */
export function elapsedSeconds(startMs: number, endMs: number): number {
  return Math.max(0, Math.round((endMs - startMs) / 1000));
}

/** What the tracker needs from the app. */
export interface TPageTimingDeps {
  getEnvelope: () => Promise<TEnvelope>;
  getUserId: () => string | null;
}

/** Sends one row with `sendBeacon` (falls back to a keep-alive fetch). */
async function sendLog(deps: TPageTimingDeps, log: TViewLog): Promise<void> {
  const body = JSON.stringify(await (await deps.getEnvelope()).wrap(log));
  const blob = new Blob([body], { type: "application/json" });
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(addOriginLogCall.path, blob)) return;
  await fetch(addOriginLogCall.path, {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
    keepalive: true,
  }).catch(() => undefined);
}

/** The page-timing tracker: call `enter(path)` on every route, `install()` once. */
export function createPageTiming(deps: TPageTimingDeps) {
  let current: { path: string; enteredAt: number } | null = null;
  let isFirst = true;

  const row = (action: TViewLogInput["action"], path: string, duration?: number) =>
    buildViewLog({
      action,
      sessionId: getViewSessionId(),
      path,
      metadata: describeDevice(navigator.userAgent, window.innerWidth, navigator.maxTouchPoints),
      referrer: document.referrer,
      userId: deps.getUserId(),
      duration,
    });

  const leave = () => {
    if (!current) return;
    const { path, enteredAt } = current;
    current = null;
    void sendLog(deps, row("view_end", path, elapsedSeconds(enteredAt, Date.now())));
  };

  return {
    /** A route was entered: the first one counts only for navigation or back/forward loads. */
    enter(path: string) {
      if (current?.path === path) return;
      const counts = isFirst ? isCountedLoad(currentNavigationType()) : true;
      isFirst = false;
      leave();
      if (!counts) return;
      current = { path, enteredAt: Date.now() };
      void sendLog(deps, row("view_start", path));
    },
    /** Sends `view_end` when the page goes away (only if its view was started). */
    install(target: Window = window): () => void {
      // Sealing the row is asynchronous; `beforeunload` fires while the old document still
      // has time to finish it, `pagehide` is the fallback where `beforeunload` never fires (iOS).
      const handleBeforeUnload = () => {
        const path = current?.path;
        leave();
        // Links such as `tel:` and `mailto:` fire `beforeunload` yet keep the page: resume the view.
        if (path) target.setTimeout(() => this.enter(target.location.pathname), 1000);
      };
      // A page restored from the back/forward cache is entered again without a new load.
      const handleShow = (event: PageTransitionEvent) => {
        if (event.persisted) this.enter(target.location.pathname);
      };
      target.addEventListener("beforeunload", handleBeforeUnload);
      target.addEventListener("pagehide", leave);
      target.addEventListener("pageshow", handleShow);
      return () => {
        target.removeEventListener("beforeunload", handleBeforeUnload);
        target.removeEventListener("pagehide", leave);
        target.removeEventListener("pageshow", handleShow);
      };
    },
  };
}
