import { describe, expect, it } from "vitest";
import { fromFieldValue, toFieldValue } from "./datetime";

describe("exhibition times in the console", () => {
  it("reads and writes Korea's time for Korean operators, whatever the browser's zone", () => {
    expect(fromFieldValue("2026-12-01T09:00", "ko")).toBe("2026-12-01T00:00:00.000Z");
    expect(toFieldValue("2026-12-01T00:00:00.000Z", "ko")).toBe("2026-12-01T09:00");
    // Midnight in Seoul is the previous day in UTC.
    expect(fromFieldValue("2026-12-01T00:30", "ko")).toBe("2026-11-30T15:30:00.000Z");
  });

  it("uses the browser's local time for English, and round-trips", () => {
    const iso = fromFieldValue("2026-07-15T18:45", "en");
    expect(iso).toBe(new Date(2026, 6, 15, 18, 45).toISOString());
    expect(toFieldValue(iso ?? "", "en")).toBe("2026-07-15T18:45");
  });

  it("refuses what is not a time", () => {
    expect(fromFieldValue("", "en")).toBeNull();
    expect(fromFieldValue("tomorrow", "ko")).toBeNull();
    expect(toFieldValue("not a date", "en")).toBe("");
  });
});
