/**
 * The sharing module's cookies: the unlock cookie of a password link (an HMAC-SHA256 token that
 * names that one link and its expiry) and the day cookie that stops a visitor's views being
 * counted twice.
 *
 * Decision (docs/architecture.md "Share links"): both cookies are HttpOnly with `Path=/api/`.
 * When PUBLIC_URL is https they are `SameSite=None; Secure`, so that an embed framed on another
 * site (a third-party context) still carries them; on plain http (development) browsers refuse
 * `SameSite=None` without `Secure`, so they are `SameSite=Lax` there. Where no cookie is kept
 * (http frames, third-party cookies blocked) the embed sends the unlock call's token instead.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { cookieSafe } from "../../platform/http/cookies";

export { cookieOptions, VISIT_COOKIE_SECONDS } from "../../platform/http/cookies";

/** Seconds an unlock cookie lasts. */
export const UNLOCK_COOKIE_SECONDS = 2 * 60 * 60;

/** Name of the unlock cookie of a link: `vt_sl_` and the first 12 characters of its name. */
export function unlockCookieName(sharelinkUrl: string): string {
  return `vt_sl_${sharelinkUrl.slice(0, 12)}`;
}

/** Name of the day cookie of a content's views (visit-count call). */
export function visitCookieName(contentId: string): string {
  return `vt_vc_${cookieSafe(contentId)}`;
}

/** Name of the day cookie of a content's inflow from one channel (channel-inflow call). */
export function inflowCookieName(channelId: string, contentId: string): string {
  return `vt_ci_${cookieSafe(channelId)}_${cookieSafe(contentId)}`;
}

/** Signs and checks unlock tokens with a key derived from the server's token secret. */
export interface TUnlockTokens {
  /** A token opening `sharelinkUrl` until `now + UNLOCK_COOKIE_SECONDS`. */
  issue(sharelinkUrl: string, now: Date): string;
  /** True when `token` was issued for exactly `sharelinkUrl` and has not expired at `now`. */
  isValid(token: string | undefined, sharelinkUrl: string, now: Date): boolean;
  /** The expiry (unix seconds) of a valid token for `sharelinkUrl`, or null. */
  expiryOf(token: string | undefined, sharelinkUrl: string, now: Date): number | null;
}

/** Creates the token signer. The key is HMAC(secret, purpose), so it differs from every other use. */
export function createUnlockTokens(secret: string): TUnlockTokens {
  const key = createHmac("sha256", secret).update("vitrine:sharelink-unlock:v1").digest();
  const mac = (sharelinkUrl: string, expires: number) =>
    createHmac("sha256", key).update(`${sharelinkUrl}.${expires}`).digest();

  function expiryOf(token: string | undefined, sharelinkUrl: string, now: Date): number | null {
    if (!token) return null;
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const expires = Number(match[1]);
    if (expires * 1000 <= now.getTime()) return null;
    const given = Buffer.from(match[2] ?? "", "base64url");
    const expected = mac(sharelinkUrl, expires);
    return given.length === expected.length && timingSafeEqual(given, expected) ? expires : null;
  }

  return {
    issue(sharelinkUrl, now) {
      const expires = Math.floor(now.getTime() / 1000) + UNLOCK_COOKIE_SECONDS;
      return `${expires}.${mac(sharelinkUrl, expires).toString("base64url")}`;
    },
    isValid: (token, sharelinkUrl, now) => expiryOf(token, sharelinkUrl, now) !== null,
    expiryOf,
  };
}
