import { describe, expect, it } from "vitest";
import { formatSize } from "./format";

/** The text with its no-break spaces shown as plain spaces. */
const plain = (text: string) => text.replaceAll("\u00a0", " ");

describe("size text", () => {
  it("keeps each side's label, number and unit together on one line", () => {
    expect(formatSize([3.46, 2.23, 4.1], "en")).toBe(
      "W\u00a03.46\u00a0m × H\u00a02.23\u00a0m × D\u00a04.10\u00a0m",
    );
  });

  it("shows centimetres with one decimal for objects under a metre", () => {
    expect(plain(formatSize([0.123, 0.08, 0.041], "en"))).toBe("W 12.3 cm × H 8.0 cm × D 4.1 cm");
  });

  it("switches to metres for all three sides once one reaches a metre", () => {
    expect(plain(formatSize([1.5, 0.8, 0.45], "en"))).toBe("W 1.50 m × H 0.80 m × D 0.45 m");
  });

  it("speaks Korean in Korean", () => {
    expect(plain(formatSize([0.123, 0.08, 0.041], "ko"))).toBe("가로 12.3 cm × 높이 8.0 cm × 깊이 4.1 cm");
  });

  it("groups thousands for very large models", () => {
    expect(plain(formatSize([1234.5, 2, 3], "en"))).toBe("W 1,234.50 m × H 2.00 m × D 3.00 m");
  });
});
