import { addOriginLogCall, LOG_FIXED_KEY, ZViewLog } from "@vitrine/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageTiming } from "./page-timing";
import {
  buildViewLog,
  describeDevice,
  elapsedSeconds,
  getViewSessionId,
  isCountedLoad,
  LOG_CALL_PATH,
  LOG_KEY,
  PENDING_KEY,
  pageTypeOf,
  SESSION_ID_KEY,
} from "./view-log";

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36",
  samsungPhone:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  edgeMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0",
};

describe("page timing", () => {
  it("starts a view on navigation and back/forward loads, not on reload", () => {
    expect(isCountedLoad("navigate")).toBe(true);
    expect(isCountedLoad("back_forward")).toBe(true);
    expect(isCountedLoad("reload")).toBe(false);
    expect(isCountedLoad(undefined)).toBe(false);
  });

  it("keeps one session id per tab", () => {
    sessionStorage.clear();
    const first = getViewSessionId();
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(sessionStorage.getItem(SESSION_ID_KEY)).toBe(first);
    expect(getViewSessionId()).toBe(first);
  });

  it("reads platform, browser and device type", () => {
    expect(describeDevice(UA.chromeWindows, 1280)).toEqual({
      platform: "Windows",
      platformVersion: "10.0",
      browser: "Chrome",
      browserVersion: "140.0.0.0",
      isMobile: false,
      deviceType: "desktop",
    });
    expect(describeDevice(UA.iphone, 390)).toMatchObject({
      platform: "iOS",
      platformVersion: "18.2",
      browser: "Safari",
      isMobile: true,
      deviceType: "mobile",
    });
    expect(describeDevice(UA.samsungPhone, 412)).toMatchObject({
      platform: "Android",
      browser: "Samsung Internet",
      deviceType: "mobile",
      isMobile: true,
    });
    expect(describeDevice(UA.edgeMac, 1440)).toMatchObject({
      platform: "macOS",
      browser: "Edge",
      isMobile: false,
    });
    expect(describeDevice(UA.firefoxLinux, 1440)).toMatchObject({ platform: "Linux", browser: "Firefox" });
  });

  it("counts a tablet as mobile only when the window is narrower than 1024 px", () => {
    expect(describeDevice(UA.androidTablet, 800)).toMatchObject({ deviceType: "tablet", isMobile: true });
    expect(describeDevice(UA.androidTablet, 1280)).toMatchObject({ deviceType: "tablet", isMobile: false });
    expect(describeDevice(UA.chromeWindows, 800).isMobile).toBe(false);
  });

  it("builds rows the contract accepts", () => {
    const metadata = describeDevice(UA.chromeWindows, 1280);
    const start = buildViewLog({
      action: "view_start",
      sessionId: "session-1234",
      path: "/price",
      metadata,
      referrer: "",
    });
    const end = buildViewLog({
      action: "view_end",
      sessionId: "session-1234",
      path: "/Channel/abc",
      metadata,
      referrer: "https://example.com/",
      userId: "user_1",
      duration: elapsedSeconds(1_000, 13_400),
    });
    expect(ZViewLog.parse(start)).toMatchObject({
      action: "view_start",
      pageType: "price",
      contentType: "home",
    });
    expect(ZViewLog.parse(end)).toMatchObject({
      action: "view_end",
      duration: 12,
      pageType: "channel",
      path: "/Channel/abc",
    });
    expect(start.duration).toBeUndefined();
  });

  it("names the page type by the first path segment", () => {
    expect(pageTypeOf("/")).toBe("home");
    expect(pageTypeOf("/ShowRoom")).toBe("showroom");
    expect(pageTypeOf("/passwd/reset/x")).toBe("passwd");
  });

  it("writes the contract's log path and key", () => {
    expect(LOG_CALL_PATH).toBe(addOriginLogCall.path);
    expect(LOG_KEY).toBe(LOG_FIXED_KEY);
  });
});

describe("page timing tracker", () => {
  // Plain envelope: the sealed body is the row itself.
  const envelope = { wrap: async (payload: unknown) => ({ data: payload }) };
  type TSent = { action: string; path: string; contentId: string; contentOwnerId: string; duration?: number };
  const bodies: string[] = [];
  const sent = (): TSent[] => bodies.map((b) => (JSON.parse(b) as { data: TSent }).data);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  function navigationType(type: string) {
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as unknown as PerformanceEntry]);
  }

  function setup() {
    bodies.length = 0;
    Object.defineProperty(navigator, "sendBeacon", {
      configurable: true,
      value: (url: string, body: string) => {
        expect(url).toBe(LOG_CALL_PATH);
        expect(typeof body).toBe("string");
        bodies.push(body);
        return true;
      },
    });
    const tracker = createPageTiming({ getEnvelope: async () => envelope, getUserId: () => null });
    const undo = tracker.install(window);
    return { tracker, undo };
  }

  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it("sends view_end synchronously on pagehide, with the seconds and the path, sealed in advance", async () => {
    navigationType("navigate");
    const { tracker, undo } = setup();
    tracker.enter("/price");
    await flush();
    expect(sent().map((r) => r.action)).toEqual(["view_start"]);
    window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false }));
    // No await: the row went out in the event itself.
    expect(sent().map((r) => `${r.action} ${r.path}`)).toEqual(["view_start /price", "view_end /price"]);
    expect(sent()[1]?.duration).toBe(0);
    undo();
  });

  it("starts no view on a reload", async () => {
    navigationType("reload");
    const { tracker, undo } = setup();
    tracker.enter("/price");
    await flush();
    window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false }));
    expect(sent()).toEqual([]);
    undo();
  });

  it("carries a reloaded view on from what the page left for it, without a new view_start", async () => {
    navigationType("reload");
    sessionStorage.setItem(
      PENDING_KEY,
      JSON.stringify({ id: "v1", path: "/share/x", enteredAt: Date.now() - 5000, content: null }),
    );
    const { tracker, undo } = setup();
    tracker.enter("/share/x", { awaitsContent: true });
    await flush();
    expect(sent()).toEqual([]);
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    tracker.setContent({ contentId: "content_1", contentOwnerId: "user_1" });
    await flush();
    window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false }));
    const [end] = sent();
    expect(sent()).toHaveLength(1);
    expect(end).toMatchObject({
      action: "view_end",
      path: "/share/x",
      contentId: "content_1",
      contentOwnerId: "user_1",
    });
    expect(end?.duration).toBeGreaterThanOrEqual(5);
    undo();
  });

  it("holds a content page's view_start until the content is named; rows carry content and owner", async () => {
    navigationType("navigate");
    const { tracker, undo } = setup();
    tracker.enter("/share/abc", { awaitsContent: true });
    await flush();
    expect(sent()).toEqual([]);
    tracker.setContent({ contentId: "content_9", contentOwnerId: "user_9" });
    await flush();
    tracker.enter("/price");
    await flush();
    expect(sent().map((r) => `${r.action} ${r.path} ${r.contentId} ${r.contentOwnerId}`)).toEqual([
      "view_start /share/abc content_9 user_9",
      "view_end /share/abc content_9 user_9",
      "view_start /price  ",
    ]);
    undo();
  });
});
