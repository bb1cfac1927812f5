/**
 * The addresses a share link is given out as: the page link (`/share/<id>`, with `#k=<key>` for
 * an encrypted link) and the iframe snippet of `/embed`. The key only ever travels in the
 * fragment, which browsers never send to a server.
 */

/** The visitor's page of a link; `key` adds the fragment of an encrypted link. */
export function shareUrl(origin: string, sharelinkUrl: string, key?: string | null): string {
  const base = `${origin}/share/${encodeURIComponent(sharelinkUrl)}`;
  return key ? `${base}#k=${key}` : base;
}

/** Languages an embed can be fixed to; null leaves the choice to the visitor. */
export const EMBED_LANGS = ["en", "ko"] as const;
/** A language an embed can be fixed to. */
export type TEmbedCodeLang = (typeof EMBED_LANGS)[number];

/**
 * The embed page of a link; `key` adds the fragment of an encrypted link, `lang` fixes the
 * language (otherwise the visitor's choice on our site, then the browser's, decides).
 */
export function embedUrl(
  origin: string,
  sharelinkUrl: string,
  key?: string | null,
  lang?: TEmbedCodeLang | null,
): string {
  const langPart = lang ? `&lang=${lang}` : "";
  const base = `${origin}/embed?id=${encodeURIComponent(sharelinkUrl)}${langPart}`;
  return key ? `${base}#k=${key}` : base;
}

/** Size presets of the embed snippet. */
export const EMBED_SIZES = ["responsive", "640x480", "800x600", "custom"] as const;
/** An embed size preset. */
export type TEmbedSize = (typeof EMBED_SIZES)[number];

/** Smallest and largest custom embed side, in CSS pixels. */
export const EMBED_MIN_SIDE = 200;
/** Largest custom embed side. */
export const EMBED_MAX_SIDE = 4000;

/** What {@link embedSnippet} needs. */
export interface TEmbedSnippetInput {
  origin: string;
  sharelinkUrl: string;
  key?: string | null;
  size: TEmbedSize;
  /** Custom size (used when `size` is `custom`); clamped to 200–4000. */
  width?: number;
  height?: number;
  /** The iframe's accessible title (the content's title). */
  title: string;
  /** A fixed language for the embed, or null/absent for the visitor's own. */
  lang?: TEmbedCodeLang | null;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function clampSide(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(EMBED_MAX_SIDE, Math.max(EMBED_MIN_SIDE, Math.round(value)));
}

/** The HTML a site pastes to show a link's content in an iframe. */
export function embedSnippet(input: TEmbedSnippetInput): string {
  const src = escapeAttribute(embedUrl(input.origin, input.sharelinkUrl, input.key, input.lang));
  const common = `allow="fullscreen; xr-spatial-tracking" loading="lazy" title="${escapeAttribute(input.title)}"`;
  if (input.size === "responsive") {
    return (
      `<div style="position:relative;width:100%;aspect-ratio:16/9">` +
      `<iframe src="${src}" style="position:absolute;inset:0;width:100%;height:100%;border:0" ${common}></iframe>` +
      `</div>`
    );
  }
  const [w, h] =
    input.size === "custom"
      ? [clampSide(input.width, 640), clampSide(input.height, 480)]
      : input.size.split("x").map(Number);
  return `<iframe src="${src}" width="${w}" height="${h}" style="border:0" ${common}></iframe>`;
}
