/**
 * The connecting form's address: `/business-connect` with where it was opened from, so the
 * business of that page is the first candidate and the view rows and the inquiry say where
 * the buyer came from.
 */
import { CONNECT_SOURCES, type TConnectSource } from "@vitrine/contract";

/** The form's path. */
export const CONNECT_PATH = "/business-connect";

/** Where the form was opened from. */
export interface TConnectOrigin {
  source: TConnectSource;
  /** The business (channel) of the page the form was opened from. */
  channelId?: string | null;
  /** The content the buyer was looking at. */
  contentId?: string | null;
  /** The booth the buyer was in. */
  boothId?: string | null;
}

/** The form's address for `origin`. */
export function connectFormHref(origin: TConnectOrigin): string {
  const params = new URLSearchParams();
  if (origin.channelId) params.set("channel", origin.channelId);
  params.set("source", origin.source);
  if (origin.contentId) params.set("content", origin.contentId);
  if (origin.boothId) params.set("booth", origin.boothId);
  return `${CONNECT_PATH}?${params.toString()}`;
}

/** The origin named by the form's query string (an unknown source counts as `direct`). */
export function connectOriginOf(params: URLSearchParams): Required<TConnectOrigin> {
  const source = params.get("source") ?? "";
  const id = (name: string) => {
    const value = (params.get(name) ?? "").trim();
    return value !== "" && value.length <= 80 ? value : null;
  };
  return {
    source: (CONNECT_SOURCES as readonly string[]).includes(source) ? (source as TConnectSource) : "direct",
    channelId: id("channel"),
    contentId: id("content"),
    boothId: id("booth"),
  };
}
