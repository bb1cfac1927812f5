/**
 * What the owner asked the report for: the period (or custom days, in the report's zone), a
 * breakdown row filtering everything, and the content, channel or booth whose own report it is.
 */
import type { TReportZone } from "@vitrine/contract";
import { useMemo, useState } from "react";
import { useLanguage } from "../../../i18n/use-messages";
import { addDays, daysBetween, rangeOf, type TPeriod, todayIn, zoneFor } from "./period";
import type { TReportFilter, TReportInput, TReportScope } from "./use-report";

/** What {@link useReportControls} gives the section. */
export interface TReportControls {
  zone: TReportZone;
  /** Today in the report's zone (`YYYY-MM-DD`). */
  today: string;
  period: TPeriod;
  setPeriod(period: TPeriod): void;
  custom: { from: string; to: string };
  setCustomFrom(day: string): void;
  setCustomTo(day: string): void;
  /** The days asked for; null while custom days are not a valid range. */
  range: { from: string; to: string } | null;
  /** How many days the range holds (0 without one). */
  days: number;
  filter: TReportFilter | null;
  /** Filters by a breakdown row, or clears the filter when it is the active one. */
  toggleFilter(next: TReportFilter): void;
  clearFilter(): void;
  scope: TReportScope | null;
  /** Opens a content's, channel's or booth's own report, the filter cleared. */
  openScope(next: TReportScope): void;
  closeScope(): void;
  /** The call's input; null while the range is not valid. */
  input: TReportInput | null;
}

/** Holds the report's period, filter and scope. */
export function useReportControls(): TReportControls {
  const lang = useLanguage();
  const zone = zoneFor(lang);
  const today = todayIn(zone);
  const [period, setPeriod] = useState<TPeriod>("d30");
  const [custom, setCustom] = useState({ from: addDays(today, -29), to: today });
  const [filter, setFilter] = useState<TReportFilter | null>(null);
  const [scope, setScope] = useState<TReportScope | null>(null);
  const range = rangeOf(period, zone, custom);
  const from = range?.from ?? null;
  const to = range?.to ?? null;
  const input = useMemo<TReportInput | null>(
    () =>
      from && to
        ? {
            from,
            to,
            zone,
            ...(scope ? { content_id: scope.id, content_type: scope.type } : {}),
            ...(filter ? { filter } : {}),
          }
        : null,
    [from, to, zone, scope, filter],
  );
  return {
    zone,
    today,
    period,
    setPeriod,
    custom,
    setCustomFrom: (day) => setCustom((c) => ({ ...c, from: day })),
    setCustomTo: (day) => setCustom((c) => ({ ...c, to: day })),
    range,
    days: range ? daysBetween(range.from, range.to) : 0,
    filter,
    toggleFilter: (next) =>
      setFilter((prev) => (prev?.dim === next.dim && prev.key === next.key ? null : next)),
    clearFilter: () => setFilter(null),
    scope,
    openScope: (next) => {
      setScope(next);
      setFilter(null);
    },
    closeScope: () => setScope(null),
    input,
  };
}
