import { describe, expect, it } from "vitest";
import { ID_PREFIXES, isId, newId, zId } from "./ids";

describe("ids", () => {
  it("are a product prefix plus a UUID v4", () => {
    for (const kind of Object.keys(ID_PREFIXES) as (keyof typeof ID_PREFIXES)[]) {
      const id = newId(kind);
      expect(id).toMatch(
        new RegExp(
          `^${ID_PREFIXES[kind]}_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`,
        ),
      );
      expect(isId(kind, id)).toBe(true);
    }
  });

  it("start with 'payment' for payments", () => {
    expect(newId("payment").startsWith("payment")).toBe(true);
  });

  it("are unique", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId("content")));
    expect(ids.size).toBe(1000);
  });

  it("are checked for their kind", () => {
    const content = newId("content");
    expect(isId("channel", content)).toBe(false);
    expect(isId("content", `${content}x`)).toBe(false);
    expect(isId("content", content.toUpperCase())).toBe(false);
    expect(zId("content").safeParse(content).success).toBe(true);
    expect(zId("content").safeParse("content_123").error?.issues[0]?.message).toBe("Invalid id.");
  });
});
