/**
 * Link previews of share links: the Open Graph / Twitter page meta of `/share/:id` and
 * `/embed?id=`, and the oEmbed answer of `GET /api/oembed`. A preview never counts an access,
 * and a password or sealed link shows only a generic title (never the content's title or
 * thumbnail). Every URL is absolute, made from PUBLIC_URL.
 */
import { ZShareLinkUrl } from "@vitrine/contract";
import { escapeHtml } from "../../platform/http/html";
import type { TPageMeta } from "../../platform/http/web";
import type { TLinkPreview } from "./service";

/** The provider name in previews. */
export const PROVIDER_NAME = "Vitrine";
/** Title of a protected link (and of a link whose title is empty). */
export const GENERIC_TITLE = "A 3D model shared with Vitrine";
/** Description of every shared link. */
export const SHARE_DESCRIPTION =
  "View this 3D model in your browser: turn it, zoom in and explore its details.";

/** Size of an embed when the consumer sets no maximum. */
export const EMBED_WIDTH = 800;
/** Height of an embed when the consumer sets no maximum. */
export const EMBED_HEIGHT = 600;

/** The link a page path and query name: `/share/<id>` or `/embed?id=<id>`; null otherwise. */
export function sharelinkOfPage(path: string, query: URLSearchParams): string | null {
  const share = /^\/share\/([^/]+)\/?$/.exec(path);
  const candidate = share
    ? decodeURIComponentSafe(share[1] ?? "")
    : path === "/embed"
      ? query.get("id")
      : null;
  if (candidate === null) return null;
  return ZShareLinkUrl.safeParse(candidate).success ? candidate : null;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

/** The share page of a link. */
export function sharePageUrl(publicUrl: string, sharelinkUrl: string): string {
  return `${publicUrl}/share/${sharelinkUrl}`;
}

/** The embed page of a link. */
export function embedPageUrl(publicUrl: string, sharelinkUrl: string): string {
  return `${publicUrl}/embed?id=${sharelinkUrl}`;
}

/** The oEmbed endpoint for a link's share page. */
export function oembedUrlOf(publicUrl: string, sharelinkUrl: string): string {
  return `${publicUrl}/api/oembed?url=${encodeURIComponent(sharePageUrl(publicUrl, sharelinkUrl))}&format=json`;
}

function titleOf(preview: TLinkPreview): string {
  const title = preview.title?.trim();
  return title ? title : GENERIC_TITLE;
}

function absolute(publicUrl: string, path: string | null): string | null {
  if (path === null) return null;
  return /^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The page meta of a link's share or embed page. */
export function pageMetaOf(publicUrl: string, preview: TLinkPreview): TPageMeta {
  return {
    title: titleOf(preview),
    description: SHARE_DESCRIPTION,
    image: absolute(publicUrl, preview.thumbnailUrl),
    url: sharePageUrl(publicUrl, preview.sharelinkUrl),
    oembedUrl: oembedUrlOf(publicUrl, preview.sharelinkUrl),
  };
}

/**
 * The link an oEmbed `url` parameter names: this server's `/share/<id>` or `/embed?id=<id>`;
 * null for anything else (another host included).
 */
export function sharelinkOfOembedUrl(publicUrl: string, url: string): string | null {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(publicUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== base.origin) return null;
  const basePath = base.pathname.replace(/\/+$/, "");
  if (!parsed.pathname.startsWith(`${basePath}/`)) return null;
  return sharelinkOfPage(parsed.pathname.slice(basePath.length), parsed.searchParams);
}

/** A positive whole number from a query parameter; null when absent or not one. */
export function dimensionParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,5}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** The embed size: 800×600, scaled down (same shape) to fit `maxwidth` and `maxheight`. */
export function embedSize(
  maxWidth: number | null,
  maxHeight: number | null,
): { width: number; height: number } {
  const scale = Math.min(
    1,
    (maxWidth ?? EMBED_WIDTH) / EMBED_WIDTH,
    (maxHeight ?? EMBED_HEIGHT) / EMBED_HEIGHT,
  );
  return {
    width: Math.max(1, Math.floor(EMBED_WIDTH * scale)),
    height: Math.max(1, Math.floor(EMBED_HEIGHT * scale)),
  };
}

/** An oEmbed 1.0 answer of type `rich`. */
export interface TOembed {
  version: "1.0";
  type: "rich";
  provider_name: string;
  provider_url: string;
  title: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

/** The oEmbed answer of a link. */
export function oembedOf(
  publicUrl: string,
  preview: TLinkPreview,
  size: { width: number; height: number },
  thumbnail: { url: string; width: number; height: number } | null,
): TOembed {
  const title = titleOf(preview);
  const src = embedPageUrl(publicUrl, preview.sharelinkUrl);
  const html =
    `<iframe src="${escapeHtml(src)}" width="${size.width}" height="${size.height}" title="${escapeHtml(title)}"` +
    ` style="border:0" loading="lazy" allow="fullscreen; xr-spatial-tracking" allowfullscreen></iframe>`;
  return {
    version: "1.0",
    type: "rich",
    provider_name: PROVIDER_NAME,
    provider_url: publicUrl,
    title,
    html,
    width: size.width,
    height: size.height,
    cache_age: 300,
    ...(thumbnail
      ? { thumbnail_url: thumbnail.url, thumbnail_width: thumbnail.width, thumbnail_height: thumbnail.height }
      : {}),
  };
}
