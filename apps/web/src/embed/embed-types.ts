/**
 * What the embed (`embed.ts`) is given and shows: its options, states and handle, the call paths
 * and rescodes it tells apart (written out so this bundle loads neither the schemas nor the code
 * catalogue), and the checks it makes before and after the resolve call.
 */
import type { TSharedDoc, TSharePublisher } from "@vitrine/contract";
import type { TEmbedCall } from "./api";
import type { TEmbedLang } from "./lang";

/** Call paths (the contract's, written out so this bundle does not load the schemas). */
export const EMBED_PATHS = {
  resolve: "/api/business/request_business_SharelinkUrlBy_UserChannel",
  unlock: "/api/sharelink/request_unlock",
  visit: "/api/business/request_business_Connect_update_visit_count",
} as const;

/**
 * The rescodes the embed tells apart (the contract's `CODES`, written out so this bundle does not
 * carry the whole catalogue; `embed.test.ts` checks they match).
 */
export const EMBED_RESCODES = {
  validation: 1002,
  notFound: 1004,
  rateLimited: 1029,
  sharePasswordRequired: 2026,
  sharePasswordWrong: 2027,
  shareLinkMonthlyLimit: 2028,
  contentNotReady: 2029,
} as const;

/** A share link's id. */
export const SHARE_ID = /^[A-Za-z0-9_-]{32}$/;

/** How long the engine waits for a slow poster before it runs anyway. */
export const POSTER_WAIT_MS = 1500;

/** The messages the embed can show instead of the content. */
export type TEmbedMessage = "noId" | "notFound" | "monthlyLimit" | "notReady" | "webgl" | "failed";

/** What the frame shows. */
export type TEmbedState =
  | { kind: "loading" }
  | { kind: "message"; message: TEmbedMessage }
  | { kind: "sealedMessage"; message: "noKey" | "broken" }
  | { kind: "password"; error: "empty" | "wrong" | "tooMany" | "failed" | "lost" | null; isBusy: boolean }
  | { kind: "downloading"; percent: number }
  | { kind: "opening" }
  | { kind: "viewer" };

/** The viewer element's module (loaded on demand). */
export interface TElementModule {
  defineVitrineViewer: () => void;
}

/** Options of {@link startEmbed}. */
export interface TEmbedOptions {
  /** `location.search`: `id` (required) and `lang` (optional). */
  search: string;
  /** `location.hash`: `k=<key>` for sealed links. */
  hash: string;
  lang: TEmbedLang;
  /** True when the embed is the whole page: it then sets `<html lang>` and the document title. */
  ownsDocument: boolean;
  /**
   * `frame` (default): the content fills its frame, 'Contact this business' opens a new tab.
   * `page`: `/share/<id>`, a page of its own: the title, publisher and contact sit in a bar
   * above the viewer, the contact opens in the same tab, and messages lead home.
   */
  layout?: "frame" | "page";
  /** The page's name until a content has a title (default: the embed's page title). */
  heading?: string;
  call?: TEmbedCall;
  loadElement?: () => Promise<TElementModule>;
  /** Whether the browser can draw 3D (default: a WebGL context can be had). */
  hasWebGL?: (doc: Document) => boolean;
  /** Called on every state change (tests and the benches watch it). */
  onState?: (state: TEmbedState) => void;
  /**
   * Loads the view rows' module (`/embed` passes `() => import("./track")`); without it the embed
   * sends no rows (inside the app, whose own page timing counts the page).
   */
  loadTracking?: () => Promise<typeof import("./track")>;
}

/** A running embed. */
export interface TEmbedHandle {
  setLang(lang: TEmbedLang): void;
  readonly state: TEmbedState;
  dispose(): void;
}

/** The publisher of a resolved link, when the answer names one in the expected shape. */
export function publisherOf(shared: TSharedDoc): TSharePublisher | null {
  const p = (shared as { publisher?: Partial<Record<keyof TSharePublisher, unknown>> }).publisher;
  if (!p || typeof p.owner_id !== "string" || typeof p.name !== "string") return null;
  const href = typeof p.href === "string" && p.href.startsWith("/") ? p.href : null;
  return { owner_id: p.owner_id, name: p.name, href };
}

/** Which message a failed resolve shows. */
export function messageForRescode(rescode: number): TEmbedMessage {
  if (rescode === EMBED_RESCODES.notFound || rescode === EMBED_RESCODES.validation) return "notFound";
  if (rescode === EMBED_RESCODES.shareLinkMonthlyLimit) return "monthlyLimit";
  if (rescode === EMBED_RESCODES.contentNotReady) return "notReady";
  return "failed";
}

/** True when the browser can give a WebGL context (then lets it go at once). */
export function canUseWebGL(doc: Document): boolean {
  try {
    const canvas = doc.createElement("canvas");
    const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    if (!gl) return false;
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return true;
  } catch {
    return false;
  }
}
