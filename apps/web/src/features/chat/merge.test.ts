import type { TChatMessageDoc } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { mergeMessages } from "./merge";

const doc = (id: number, message = `m${id}`): TChatMessageDoc => ({
  id,
  message,
  userid: "user_x",
  conversation_id: "chat_x",
  sender: "owner",
  created_at: "2026-01-01T00:00:00.000Z",
});

describe("mergeMessages", () => {
  it("keeps each message once, oldest first, whatever order history and live events arrive in", () => {
    const live = mergeMessages([], [doc(5)]);
    const reloaded = mergeMessages(live, [doc(3), doc(4), doc(5)]);
    expect(reloaded.map((d) => d.id)).toEqual([3, 4, 5]);
    expect(mergeMessages(reloaded, [doc(1), doc(2)]).map((d) => d.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
