import { describe, expect, it } from "vitest";
import { connectFormHref, connectOriginOf } from "./connect-form-link";

describe("the connecting form's address", () => {
  it("names the business, the source, the content and the booth, and reads them back", () => {
    const href = connectFormHref({ source: "booth", channelId: "channel_1", boothId: "booth_2" });
    expect(href).toBe("/business-connect?channel=channel_1&source=booth&booth=booth_2");
    expect(connectOriginOf(new URLSearchParams(href.split("?")[1]))).toEqual({
      source: "booth",
      channelId: "channel_1",
      contentId: null,
      boothId: "booth_2",
    });
  });

  it("treats an unknown source as direct and drops empty or overlong ids", () => {
    expect(connectOriginOf(new URLSearchParams(`source=evil&channel=&content=${"x".repeat(81)}`))).toEqual({
      source: "direct",
      channelId: null,
      contentId: null,
      boothId: null,
    });
  });
});
