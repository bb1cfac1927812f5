import { describe, expect, it } from "vitest";
import { formatSize } from "./format";

describe("size text", () => {
  it("shows centimetres with one decimal for objects under a metre", () => {
    expect(formatSize([0.123, 0.08, 0.041], "en")).toBe("W 12.3 cm × H 8.0 cm × D 4.1 cm");
  });

  it("switches to metres for all three sides once one reaches a metre", () => {
    expect(formatSize([1.5, 0.8, 0.45], "en")).toBe("W 1.50 m × H 0.80 m × D 0.45 m");
  });

  it("speaks Korean in Korean", () => {
    expect(formatSize([0.123, 0.08, 0.041], "ko")).toBe("가로 12.3 cm × 높이 8.0 cm × 깊이 4.1 cm");
  });

  it("groups thousands for very large models", () => {
    expect(formatSize([1234.5, 2, 3], "en")).toBe("W 1,234.50 m × H 2.00 m × D 3.00 m");
  });
});
