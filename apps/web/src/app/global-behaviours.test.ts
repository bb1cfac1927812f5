import { afterEach, describe, expect, it } from "vitest";
import { disableContextMenu, keepBodyHeight } from "./global-behaviours";

const undo: (() => void)[] = [];
afterEach(() => {
  for (const fn of undo.splice(0)) fn();
});

describe("global behaviours", () => {
  it("prevents the context menu on any element", () => {
    undo.push(disableContextMenu());
    const target = document.createElement("div");
    document.body.append(target);
    const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it("keeps the body as tall as the window, also after a resize", () => {
    undo.push(keepBodyHeight());
    expect(document.body.style.height).toBe(`${window.innerHeight}px`);
    Object.defineProperty(window, "innerHeight", { configurable: true, value: 612 });
    window.dispatchEvent(new Event("resize"));
    expect(document.body.style.height).toBe("612px");
  });
});
