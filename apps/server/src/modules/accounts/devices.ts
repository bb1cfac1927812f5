/**
 * Known devices and places of an account, so a stranger's failed sign-ins never lock the owner
 * out. A successful sign-in sets a device cookie: `vt_dev_<12 hex of the account>` =
 * `<device id>.<expiry>.<HMAC-SHA256 over account, device and expiry>`, HttpOnly, `Path=/api/`,
 * 180 days, renewed at each sign-in; only this server can make one, and only for an account whose
 * password it was given. Sessions also keep an HMAC of the IP they were opened from, so the
 * owner's usual address is known without storing the address itself.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CookieSerializeOptions } from "@fastify/cookie";

/** Seconds a device cookie lasts. */
export const DEVICE_COOKIE_SECONDS = 180 * 24 * 60 * 60;

/** A device cookie to set. */
export interface TDeviceCookie {
  name: string;
  value: string;
  options: CookieSerializeOptions;
}

/** Signs and reads device cookies, and hashes IPs. */
export interface TDeviceMarks {
  /** The cookie marking this browser as a device of `userId`, valid from `now`. */
  issue(userId: string, now: Date): TDeviceCookie;
  /** The device id of `userId`'s valid cookie among `cookies`, or null. */
  deviceOf(userId: string, cookies: Record<string, string | undefined>, now: Date): string | null;
  /** The keyed hash of an IP that sessions keep. */
  ipHash(ip: string): string;
}

/** Creates the signer; keys are HMAC(secret, purpose), so they differ from every other use. */
export function createDeviceMarks(secret: string, publicUrl: string): TDeviceMarks {
  const key = (purpose: string) => createHmac("sha256", secret).update(purpose).digest();
  const cookieKey = key("vitrine:device-cookie:v1");
  const nameKey = key("vitrine:device-cookie-name:v1");
  const ipKey = key("vitrine:session-ip:v1");
  const isHttps = publicUrl.startsWith("https:");

  const nameOf = (userId: string) =>
    `vt_dev_${createHmac("sha256", nameKey).update(userId).digest("hex").slice(0, 12)}`;
  const mac = (userId: string, deviceId: string, expires: number) =>
    createHmac("sha256", cookieKey).update(`${userId}.${deviceId}.${expires}`).digest();

  return {
    issue(userId, now) {
      const deviceId = randomBytes(12).toString("base64url");
      const expires = Math.floor(now.getTime() / 1000) + DEVICE_COOKIE_SECONDS;
      return {
        name: nameOf(userId),
        value: `${deviceId}.${expires}.${mac(userId, deviceId, expires).toString("base64url")}`,
        options: {
          path: "/api/",
          httpOnly: true,
          secure: isHttps,
          sameSite: "lax",
          maxAge: DEVICE_COOKIE_SECONDS,
        },
      };
    },

    deviceOf(userId, cookies, now) {
      const match = /^([A-Za-z0-9_-]{16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(
        cookies[nameOf(userId)] ?? "",
      );
      if (!match) return null;
      const [, deviceId = "", expiresText = "", given = ""] = match;
      const expires = Number(expiresText);
      if (expires * 1000 <= now.getTime()) return null;
      const expected = mac(userId, deviceId, expires);
      const actual = Buffer.from(given, "base64url");
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? deviceId : null;
    },

    ipHash(ip) {
      return createHmac("sha256", ipKey).update(ip).digest("hex");
    },
  };
}
