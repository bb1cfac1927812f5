/**
 * What the buyer looked at in this tab (session storage), sent with the connecting form so a
 * business whose contents or booth the buyer viewed counts it among the reasons. Pages that offer
 * the form remember their content or booth when they show the button.
 */
import { CONNECT_VIEWED_MAX } from "@vitrine/contract";

const KEY = "vt-match-viewed";

/** Contents and booths seen in this tab. */
export interface TViewed {
  content_ids: string[];
  booth_ids: string[];
}

function storage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** The tab's viewed contents and booths (newest last, at most `CONNECT_VIEWED_MAX` each). */
export function readViewed(): TViewed {
  try {
    const raw = JSON.parse(storage()?.getItem(KEY) ?? "{}") as Partial<TViewed>;
    const ids = (value: unknown) =>
      Array.isArray(value)
        ? value.filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 80)
        : [];
    return {
      content_ids: ids(raw.content_ids).slice(-CONNECT_VIEWED_MAX),
      booth_ids: ids(raw.booth_ids).slice(-CONNECT_VIEWED_MAX),
    };
  } catch {
    return { content_ids: [], booth_ids: [] };
  }
}

/** Remembers a content or booth the buyer saw. */
export function rememberViewed(kind: "content" | "booth", id: string): void {
  const viewed = readViewed();
  const list = kind === "content" ? viewed.content_ids : viewed.booth_ids;
  if (list.includes(id)) return;
  list.push(id);
  if (list.length > CONNECT_VIEWED_MAX) list.shift();
  try {
    storage()?.setItem(KEY, JSON.stringify(viewed));
  } catch {
    // A full or blocked storage only loses a reason.
  }
}
