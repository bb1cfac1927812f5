import { describe, expect, it } from "vitest";
import { isChatShown } from "./ChatLauncher";

describe("where the chat button shows", () => {
  it("shows in the studio's lists and on public pages", () => {
    expect(isChatShown("/Studio/user")).toBe(true);
    expect(isChatShown("/Studio/user/contents")).toBe(true);
    expect(isChatShown("/price")).toBe(true);
  });

  it("stays out of the content editor, whose phone panel bar runs along the bottom edge", () => {
    expect(isChatShown("/Studio/user/contents/content_1")).toBe(false);
  });

  it("stays out of the console, viewers, embeds and sign-in pages", () => {
    for (const path of ["/Studio/admin/chat", "/embed", "/share/abc", "/login", "/Channel/c/content/x"]) {
      expect(isChatShown(path)).toBe(false);
    }
  });
});
