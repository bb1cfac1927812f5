import { ZViewLog } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import {
  buildViewLog,
  describeDevice,
  elapsedSeconds,
  getViewSessionId,
  isCountedLoad,
  pageTypeOf,
  SESSION_ID_KEY,
} from "./page-timing";

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
});
