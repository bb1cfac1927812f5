import { describe, expect, it } from "vitest";
import { DICTIONARIES, word } from "./i18n";

describe("viewer dictionaries", () => {
  it("have the same keys in English and Korean, none empty", () => {
    const en = Object.keys(DICTIONARIES.en).sort();
    const ko = Object.keys(DICTIONARIES.ko).sort();
    expect(ko).toEqual(en);
    for (const dictionary of Object.values(DICTIONARIES)) {
      for (const [key, text] of Object.entries(dictionary)) expect(text.trim(), key).not.toBe("");
    }
  });

  it("use the same placeholders in both languages", () => {
    for (const key of Object.keys(DICTIONARIES.en) as (keyof typeof DICTIONARIES.en)[]) {
      const names = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      expect(names(DICTIONARIES.ko[key]), key).toEqual(names(DICTIONARIES.en[key]));
    }
  });

  it("has the spec's no-motion and empty messages", () => {
    expect(word("en", "noMotion")).toBe("There is no motion simulation for this content.");
    expect(word("ko", "noMotion")).toBe("이 콘텐츠에는 모션 시뮬레이션이 없습니다.");
    expect(word("en", "noInfo")).toBe("No information");
    expect(word("ko", "noInfo")).toBe("정보 없음");
  });

  it("fills values into the text", () => {
    expect(word("en", "step", { n: 2, total: 5 })).toBe("Step 2 of 5");
    expect(word("ko", "step", { n: 2, total: 5 })).toBe("5단계 중 2단계");
  });
});
