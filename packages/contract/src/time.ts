/**
 * Time display (SPEC §9): stored times are UTC; Korean readers see Korean time (UTC+9, no
 * daylight saving), English readers their own local time. Pure functions over `Intl`.
 */

/** Korea's offset from UTC: 9 hours, all year. */
export const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
/** Korea's IANA time zone. */
export const KOREA_TIME_ZONE = "Asia/Seoul";

/** A time as a Date, epoch milliseconds or an ISO 8601 string. */
export type TTimeInput = Date | number | string;

function toDate(input: TTimeInput): Date {
  return input instanceof Date ? input : new Date(input);
}

/**
 * UTC → Korean wall time by adding 9 hours (the spec's rule). The result's UTC fields
 * (`getUTCHours()`, `toISOString()` without the `Z` meaning) read as the time in Korea.
 */
export function toKoreanTime(input: TTimeInput): Date {
  return new Date(toDate(input).getTime() + KST_OFFSET_MS);
}

/** Calendar fields of an instant in a time zone. */
export interface TZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The calendar fields of `input` in `timeZone` (the runtime's local zone when omitted). */
export function zonedParts(input: TTimeInput, timeZone?: string): TZonedParts {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(toDate(input))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** What `formatForLanguage` prints: date and time (default), date only, or with seconds. */
export type TTimeStyle = "datetime" | "date" | "seconds";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Formats a UTC time for a reader: Korean → Korea's time (Asia/Seoul), English → the viewer's
 * zone (`timeZone`, or the runtime's local zone). Output is `YYYY-MM-DD HH:mm` (24 h) so both
 * languages read it the same way; an invalid time gives `""`.
 */
export function formatForLanguage(
  input: TTimeInput,
  lang: "ko" | "en",
  timeZone?: string,
  style: TTimeStyle = "datetime",
): string {
  const date = toDate(input);
  if (Number.isNaN(date.getTime())) return "";
  const p = zonedParts(date, lang === "ko" ? KOREA_TIME_ZONE : timeZone);
  const day = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  if (style === "date") return day;
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  return style === "seconds" ? `${day} ${time}:${pad(p.second)}` : `${day} ${time}`;
}
