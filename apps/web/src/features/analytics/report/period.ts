/**
 * Periods of the owner's report (issue 11): today, 7, 30, 90 days or a custom range, as days in
 * the owner's zone (Korean owners read KST, SPEC §9; others UTC, the two zones the rollups keep).
 */
import { REPORT_MAX_DAYS, type TReportZone } from "@vitrine/contract";

/** The period choices of the picker. */
export const PERIODS = ["today", "d7", "d30", "d90", "custom"] as const;
/** A period choice. */
export type TPeriod = (typeof PERIODS)[number];

const DAY_MS = 86_400_000;
const OFFSET_MS: Record<TReportZone, number> = { UTC: 0, "Asia/Seoul": 9 * 3_600_000 };

/** The zone an owner's days are counted in: KST for Korean (page language or the device's zone). */
export function zoneFor(language: string, deviceZone = deviceTimeZone()): TReportZone {
  return language === "ko" || deviceZone === "Asia/Seoul" ? "Asia/Seoul" : "UTC";
}

function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}

/** Today (`YYYY-MM-DD`) in `zone`. */
export function todayIn(zone: TReportZone, now: Date = new Date()): string {
  return new Date(now.getTime() + OFFSET_MS[zone]).toISOString().slice(0, 10);
}

/** `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The range of a period choice; a custom range is checked (null when it is not a valid one). */
export function rangeOf(
  period: TPeriod,
  zone: TReportZone,
  custom: { from: string; to: string },
  now: Date = new Date(),
): { from: string; to: string } | null {
  const today = todayIn(zone, now);
  const back = { today: 0, d7: 6, d30: 29, d90: 89 } as const;
  if (period !== "custom") return { from: addDays(today, -back[period]), to: today };
  const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
  if (!isDay(custom.from) || !isDay(custom.to) || custom.from > custom.to) return null;
  if (daysBetween(custom.from, custom.to) > REPORT_MAX_DAYS + 1) return null;
  return custom;
}

/** The change of a figure against the previous period, for the card's line. */
export function changeOf(
  now: number | null,
  before: number | null,
): { kind: "up" | "down" | "same" | "new"; percent: number } | null {
  if (now === null || before === null) return null;
  if (before === 0) return now === 0 ? { kind: "same", percent: 0 } : { kind: "new", percent: 0 };
  const percent = Math.round((Math.abs(now - before) / before) * 100);
  if (now === before || percent === 0) return { kind: "same", percent: 0 };
  return { kind: now > before ? "up" : "down", percent };
}
