import { describe, expect, it } from "vitest";
import { pickVoice, speechParts, textLang } from "./speech";

describe("the language a note is read in", () => {
  it("is the text's own language, whatever the visitor's", () => {
    expect(speechParts("헤드", "여우의 머리 부분입니다.", "en")).toEqual([
      { text: "헤드. 여우의 머리 부분입니다.", lang: "ko-KR" },
    ]);
    expect(speechParts("Head", "The fox looks around.", "ko")).toEqual([
      { text: "Head. The fox looks around.", lang: "en-US" },
    ]);
  });

  it("counts Korean with a brand name in Latin letters as Korean", () => {
    expect(textLang("Vitrine X200 스피커의 전원 버튼입니다")).toBe("ko");
    expect(textLang("Power button of the X200 speaker")).toBe("en");
    expect(textLang("1200 × 800")).toBeNull();
  });

  it("switches voice in a mixed note, and gives a part without letters its neighbour's voice", () => {
    expect(speechParts("Power button", "전원 버튼입니다. Press for 3 seconds.\n3 s", "ko")).toEqual([
      { text: "Power button.", lang: "en-US" },
      { text: "전원 버튼입니다.", lang: "ko-KR" },
      { text: "Press for 3 seconds. 3 s", lang: "en-US" },
    ]);
    expect(speechParts("#1", "120 × 80", "ko")).toEqual([{ text: "#1. 120 × 80", lang: "ko-KR" }]);
    expect(speechParts("", "", "en")).toEqual([]);
  });
});

describe("the voice", () => {
  const voices = [
    { name: "US", lang: "en-US", localService: false, default: true },
    { name: "GB local", lang: "en-GB", localService: true, default: false },
    { name: "Korean remote", lang: "ko-KR", localService: false, default: false },
    { name: "Korean local", lang: "ko_KR", localService: true, default: false },
  ];

  it("is one of the text's language, on the device when there is one", () => {
    expect(pickVoice(voices, "ko-KR")?.name).toBe("Korean local");
    expect(pickVoice(voices, "en-US")?.name).toBe("US");
    expect(pickVoice(voices.slice(1), "en-US")?.name).toBe("GB local");
  });

  it("is none when the device has no voice of that language (never another language's)", () => {
    expect(pickVoice(voices.slice(0, 2), "ko-KR")).toBeUndefined();
    expect(pickVoice([], "en-US")).toBeUndefined();
  });
});
