/**
 * Attributes of the cookies modules set for visitors (share-link unlock, view-count day cookies).
 *
 * Decision (docs/architecture.md "Share links"): HttpOnly with `Path=/api/`. When PUBLIC_URL is
 * https they are `SameSite=None; Secure`, so that an embed framed on another site still carries
 * them; on plain http (development) browsers refuse `SameSite=None` without `Secure`, so they are
 * `SameSite=Lax` there.
 */
import type { CookieSerializeOptions } from "@fastify/cookie";

/** Seconds a view-count cookie lasts (SPEC §4: one day). */
export const VISIT_COOKIE_SECONDS = 24 * 60 * 60;

/** Attributes of a visitor cookie for a server whose public address is `publicUrl`. */
export function cookieOptions(publicUrl: string, maxAgeSeconds: number): CookieSerializeOptions {
  const isHttps = publicUrl.startsWith("https:");
  return {
    path: "/api/",
    httpOnly: true,
    secure: isHttps,
    sameSite: isHttps ? "none" : "lax",
    maxAge: maxAgeSeconds,
  };
}

/** A cookie name's part made of an id: only characters every cookie name may hold. */
export function cookieSafe(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, "");
}
