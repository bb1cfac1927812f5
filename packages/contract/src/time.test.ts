import { describe, expect, it } from "vitest";
import { formatForLanguage, toKoreanTime, zonedParts } from "./time";

describe("toKoreanTime", () => {
  it("adds nine hours to UTC", () => {
    expect(toKoreanTime("2025-01-31T20:30:00Z").toISOString()).toBe("2025-02-01T05:30:00.000Z");
    expect(toKoreanTime(new Date(0)).getUTCHours()).toBe(9);
    expect(toKoreanTime(Date.UTC(2024, 11, 31, 15)).getUTCFullYear()).toBe(2025);
  });
});

describe("formatForLanguage", () => {
  const at = "2025-01-31T20:30:45Z";

  it("shows Korean readers Korea's time whatever their zone", () => {
    expect(formatForLanguage(at, "ko")).toBe("2025-02-01 05:30");
    expect(formatForLanguage(at, "ko", "America/New_York")).toBe("2025-02-01 05:30");
    expect(formatForLanguage(at, "ko", undefined, "date")).toBe("2025-02-01");
  });

  it("shows English readers their own zone", () => {
    expect(formatForLanguage(at, "en", "America/New_York")).toBe("2025-01-31 15:30");
    expect(formatForLanguage(at, "en", "Europe/London", "seconds")).toBe("2025-01-31 20:30:45");
    expect(formatForLanguage("2025-07-01T12:00:00Z", "en", "Europe/Berlin")).toBe("2025-07-01 14:00");
  });

  it("uses the runtime's zone when none is given", () => {
    const p = zonedParts(new Date(at));
    const local = new Date(at);
    expect(p.hour).toBe(local.getHours());
    expect(p.day).toBe(local.getDate());
    expect(formatForLanguage(at, "en")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("prints midnight as 00, not 24", () => {
    expect(formatForLanguage("2025-01-31T15:00:00Z", "ko")).toBe("2025-02-01 00:00");
  });

  it("gives an empty text for an invalid time", () => {
    expect(formatForLanguage("not a date", "en")).toBe("");
  });
});
