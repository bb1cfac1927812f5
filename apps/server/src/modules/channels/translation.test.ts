/** The translation adapters against local peers speaking DeepL's and Papago's documented APIs. */
import { AppError } from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testLogger } from "../../../test/support/config";
import {
  startDeeplPeer,
  startPapagoPeer,
  type TTranslationPeer,
} from "../../../test/support/translation-peers";
import { createTranslator } from "./translation";

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe("translation providers", () => {
  let deepl: TTranslationPeer;
  let papago: TTranslationPeer;
  beforeAll(async () => {
    deepl = await startDeeplPeer("deepl-test-key:fx");
    papago = await startPapagoPeer("papago-id", "papago-secret");
  });
  afterAll(async () => {
    await deepl?.close();
    await papago?.close();
  });

  it("none refuses with translationOff", async () => {
    const none = createTranslator({ provider: "none" }, testLogger());
    expect(none.info).toEqual({ provider: "none", attribution: null });
    expect(await codeOf(none.translate(["Hello"], "en", "ko"))).toBe("translationOff");
  });

  it("deepl sends the texts in one request and maps English targets to EN-US", async () => {
    const translator = createTranslator(
      { provider: "deepl", authKey: "deepl-test-key:fx", serverUrl: deepl.url },
      testLogger(),
    );
    expect(await translator.translate(["Hello", "Desk lamps"], "en", "ko")).toEqual([
      "[ko] Hello",
      "[ko] Desk lamps",
    ]);
    expect(await translator.translate(["안녕하세요"], "ko", "en")).toEqual(["[en-us] 안녕하세요"]);
    expect(deepl.requests).toHaveLength(2);
    const first = new URLSearchParams(deepl.requests[0]?.body);
    expect(first.getAll("text")).toEqual(["Hello", "Desk lamps"]);
    expect(first.get("source_lang")).toBe("en");
    expect(first.get("target_lang")).toBe("ko");
  });

  it("deepl failures (wrong key) become translationFailed", async () => {
    const wrong = createTranslator(
      { provider: "deepl", authKey: "not-the-key:fx", serverUrl: deepl.url },
      testLogger(),
    );
    expect(await codeOf(wrong.translate(["Hello"], "en", "ko"))).toBe("translationFailed");
  });

  it("papago posts JSON per text with its key headers and shows its attribution", async () => {
    const translator = createTranslator(
      {
        provider: "papago",
        clientId: "papago-id",
        clientSecret: "papago-secret",
        url: `${papago.url}/nmt/v1/translation`,
      },
      testLogger(),
    );
    expect(translator.info.attribution).toBe("Translated by Papago");
    expect(await translator.translate(["Hello", "Lamps"], "en", "ko")).toEqual(["[ko] Hello", "[ko] Lamps"]);
    expect(papago.requests.map((r) => JSON.parse(r.body))).toEqual([
      { source: "en", target: "ko", text: "Hello" },
      { source: "en", target: "ko", text: "Lamps" },
    ]);
    papago.failWith(500);
    expect(await codeOf(translator.translate(["Hello"], "en", "ko"))).toBe("translationFailed");
    papago.failWith(null);
    const wrong = createTranslator(
      {
        provider: "papago",
        clientId: "papago-id",
        clientSecret: "nope",
        url: `${papago.url}/nmt/v1/translation`,
      },
      testLogger(),
    );
    expect(await codeOf(wrong.translate(["Hello"], "en", "ko"))).toBe("translationFailed");
  });
});
