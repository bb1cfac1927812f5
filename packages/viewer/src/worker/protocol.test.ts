import { describe, expect, it } from "vitest";
import { canDrawInWorker } from "./protocol";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const IOS_CHROME =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1";

/** A window with what the check reads; `WebAssembly` is Node's own (it has SIMD). */
function browser(agent: string, parts: { offscreen?: boolean; wasm?: unknown } = {}): Window {
  class Canvas {
    transferControlToOffscreen() {}
  }
  return {
    Worker: class {},
    OffscreenCanvas: parts.offscreen === false ? undefined : class {},
    HTMLCanvasElement: Canvas,
    WebAssembly: "wasm" in parts ? parts.wasm : WebAssembly,
    navigator: { userAgent: agent },
  } as unknown as Window;
}

describe("where the engine may draw in a worker", () => {
  it("in Chromium and Firefox with OffscreenCanvas and WebAssembly SIMD", () => {
    expect(canDrawInWorker(browser(CHROME))).toBe(true);
    expect(
      canDrawInWorker(browser("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")),
    ).toBe(true);
  });

  it("not in Safari or any iOS browser (three reads textures through the DOM there)", () => {
    expect(canDrawInWorker(browser(SAFARI))).toBe(false);
    expect(canDrawInWorker(browser(IOS_CHROME))).toBe(false);
  });

  it("not without OffscreenCanvas, nor without WebAssembly SIMD (the worker's decoder needs it)", () => {
    expect(canDrawInWorker(browser(CHROME, { offscreen: false }))).toBe(false);
    expect(canDrawInWorker(browser(CHROME, { wasm: { validate: () => false } }))).toBe(false);
    expect(canDrawInWorker(browser(CHROME, { wasm: undefined }))).toBe(false);
  });

  it("not in this test's DOM (jsdom has no OffscreenCanvas)", () => {
    expect(canDrawInWorker(window)).toBe(false);
  });
});
