import { describe, expect, it } from "vitest";
import { addPeriod, remainingShare } from "./periods";

describe("billing periods", () => {
  it("adds a calendar month, ending on the last day of a shorter month", () => {
    expect(addPeriod(new Date("2026-01-31T10:00:00Z"), "month").toISOString()).toBe(
      "2026-02-28T10:00:00.000Z",
    );
    expect(addPeriod(new Date("2026-03-15T00:00:00Z"), "month").toISOString()).toBe(
      "2026-04-15T00:00:00.000Z",
    );
    expect(addPeriod(new Date("2026-12-31T23:00:00Z"), "month").toISOString()).toBe(
      "2027-01-31T23:00:00.000Z",
    );
  });

  it("adds a year, 29 February becoming 28 February", () => {
    expect(addPeriod(new Date("2028-02-29T00:00:00Z"), "year").toISOString()).toBe(
      "2029-02-28T00:00:00.000Z",
    );
  });

  it("tells the share of a period left, between 0 and 1", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const end = new Date("2026-01-11T00:00:00Z");
    expect(remainingShare(start, end, new Date("2026-01-06T00:00:00Z"))).toBe(0.5);
    expect(remainingShare(start, end, new Date("2025-12-01T00:00:00Z"))).toBe(1);
    expect(remainingShare(start, end, new Date("2026-02-01T00:00:00Z"))).toBe(0);
  });
});
