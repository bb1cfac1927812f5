/**
 * The console's open and close times in a `datetime-local` field (SPEC §9): Korean operators
 * read and write Korea's time (UTC+9), others their browser's local time; stored in UTC.
 */
import { KST_OFFSET_MS, zonedParts } from "@vitrine/contract";
import type { TLanguage } from "../../../stores/language";

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DDTHH:mm` of an ISO time for the field, in KST for Korean, local otherwise. */
export function toFieldValue(iso: string, lang: TLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const p = zonedParts(date, lang === "ko" ? "Asia/Seoul" : undefined);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The ISO time (UTC) of a field value read as KST for Korean, local otherwise; null when invalid. */
export function fromFieldValue(value: string, lang: TLanguage): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms =
    lang === "ko" ? Date.UTC(y, mo - 1, d, h, mi) - KST_OFFSET_MS : new Date(y, mo - 1, d, h, mi).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
