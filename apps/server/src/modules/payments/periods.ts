/** Billing periods (SPEC §9: monthly and annual) in UTC calendar terms. */
import type { TPlanPeriod } from "@vitrine/contract";

/** `from` plus one period; a month from the 31st ends on the last day of the next month. */
export function addPeriod(from: Date, period: TPlanPeriod): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (period === "year") next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The share of `[start, end)` left at `at`, between 0 and 1. */
export function remainingShare(start: Date, end: Date, at: Date): number {
  const total = end.getTime() - start.getTime();
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (end.getTime() - at.getTime()) / total));
}
