import { describe, expect, it } from "vitest";
import { inflowOf, isBotAgent, parseAgent } from "./intake";

const own = "vitrine.example";
const inflow = (referrer: string, pageType = "share", userAgent = "Mozilla/5.0") =>
  inflowOf({ referrer, userAgent, pageType, ownHost: own });

describe("intake", () => {
  it("reads browser, major version, OS and device (phones and tablets as §9)", () => {
    expect(
      parseAgent(
        "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36",
      ),
    ).toEqual({
      browser: "Samsung Internet for Android",
      browserVersion: "23",
      os: "Android",
      device: "tablet",
    });
    expect(
      parseAgent(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
      ).device,
    ).toBe("phone");
    // iPadOS says it is a Mac; the page's touch reading makes it a tablet.
    const ipad =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";
    expect(parseAgent(ipad).device).toBe("desktop");
    expect(parseAgent(ipad, { deviceType: "tablet" }).device).toBe("tablet");
  });

  it("drops crawlers, scripts and empty agents", () => {
    expect(isBotAgent("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")).toBe(true);
    expect(isBotAgent("curl/8.0")).toBe(true);
    expect(isBotAgent("")).toBe(true);
    expect(
      isBotAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0"),
    ).toBe(false);
  });

  it("reduces a referrer to its inflow source", () => {
    expect(inflow("")).toBe("direct");
    expect(inflow("https://www.google.co.kr/search?q=lamp")).toBe("search:google");
    expect(inflow("https://search.naver.com/search.naver?query=x")).toBe("search:naver");
    expect(inflow("https://l.facebook.com/l.php?u=x")).toBe("social:facebook");
    expect(inflow("https://talk.kakao.com/x")).toBe("messenger:kakaotalk");
    expect(inflow("", "share", "Mozilla/5.0 (iPhone) KAKAOTALK 10.4.5")).toBe("messenger:kakaotalk");
    expect(inflow("", "share", "Mozilla/5.0 (Linux; Android 14) Line/14.1.0")).toBe("messenger:line");
    expect(inflow("https://shop.example.com/p/1")).toBe("site:shop.example.com");
    expect(inflow("https://shop.example.com/p/1", "embed")).toBe("embed:shop.example.com");
    expect(inflow("https://vitrine.example/Channel/channel_1")).toBe("vitrine:channel");
    expect(inflow("https://vitrine.example/share/abc")).toBe("vitrine:share");
    // A page of ours served under another name than PUBLIC_URL (a second domain, a test server).
    expect(
      inflowOf({
        referrer: "http://127.0.0.1:4173/share/abc",
        userAgent: "Mozilla/5.0",
        pageType: "channel",
        ownHost: own,
        requestHost: "127.0.0.1",
      }),
    ).toBe("vitrine:share");
    expect(inflow("https://vitrine.example/ShowRoom/x")).toBe("vitrine:booth");
    expect(inflow("not a url")).toBe("direct");
  });
});
