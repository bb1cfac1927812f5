/** Days of the report and the rollups: `YYYY-MM-DD` in a zone without daylight saving. */

/** Zones days are counted in (contract `REPORT_ZONES`) and their offsets (no daylight saving). */
export const ZONE_OFFSET_MS: Readonly<Record<string, number>> = { UTC: 0, "Asia/Seoul": 9 * 3_600_000 };
/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/** The instant a day (`YYYY-MM-DD`) starts in a zone. */
export function dayStart(day: string, zone: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - (ZONE_OFFSET_MS[zone] ?? 0));
}

/** The day (`YYYY-MM-DD`) of an instant in a zone. */
export function dayIn(at: Date, zone: string): string {
  return new Date(at.getTime() + (ZONE_OFFSET_MS[zone] ?? 0)).toISOString().slice(0, 10);
}

/** `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
