import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";
import { changeOf, rangeOf, todayIn, zoneFor } from "./period";

describe("report periods", () => {
  // 2026-03-01 20:00 UTC is already 2026-03-02 in Seoul.
  const now = new Date("2026-03-01T20:00:00Z");

  it("counts days in Korea time for Korean owners and UTC for others", () => {
    expect(zoneFor("ko", "Europe/Paris")).toBe("Asia/Seoul");
    expect(zoneFor("en", "Asia/Seoul")).toBe("Asia/Seoul");
    expect(zoneFor("en", "Europe/Paris")).toBe("UTC");
    expect(todayIn("Asia/Seoul", now)).toBe("2026-03-02");
    expect(todayIn("UTC", now)).toBe("2026-03-01");
  });

  it("turns a choice into a range ending today", () => {
    expect(rangeOf("today", "UTC", { from: "", to: "" }, now)).toEqual({
      from: "2026-03-01",
      to: "2026-03-01",
    });
    expect(rangeOf("d7", "Asia/Seoul", { from: "", to: "" }, now)).toEqual({
      from: "2026-02-24",
      to: "2026-03-02",
    });
    expect(rangeOf("d30", "UTC", { from: "", to: "" }, now)?.from).toBe("2026-01-31");
  });

  it("refuses a custom range backwards, malformed or over 400 days", () => {
    expect(rangeOf("custom", "UTC", { from: "2026-02-01", to: "2026-02-10" }, now)).toEqual({
      from: "2026-02-01",
      to: "2026-02-10",
    });
    expect(rangeOf("custom", "UTC", { from: "2026-02-10", to: "2026-02-01" }, now)).toBeNull();
    expect(rangeOf("custom", "UTC", { from: "", to: "2026-02-01" }, now)).toBeNull();
    expect(rangeOf("custom", "UTC", { from: "2024-01-01", to: "2026-02-01" }, now)).toBeNull();
  });

  it("words the change against the previous period", () => {
    expect(changeOf(15, 10)).toEqual({ kind: "up", percent: 50 });
    expect(changeOf(5, 10)).toEqual({ kind: "down", percent: 50 });
    expect(changeOf(3, 0)).toEqual({ kind: "new", percent: 0 });
    expect(changeOf(0, 0)).toEqual({ kind: "same", percent: 0 });
    expect(changeOf(null, 4)).toBeNull();
  });
});

describe("report CSV", () => {
  it("quotes what needs it and keeps formulas from running", () => {
    expect(
      toCsv(
        ["Name", "Visits"],
        [
          ["Lamp, desk", 3],
          ['Say "hi"', 0],
          ["=SUM(A1)", null],
        ],
      ),
    ).toBe('Name,Visits\r\n"Lamp, desk",3\r\n"Say ""hi""",0\r\n\'=SUM(A1),');
  });
});
