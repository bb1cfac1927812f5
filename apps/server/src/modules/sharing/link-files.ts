/**
 * Link-scoped file URLs (issue 9 item 7). Visitors of a password or sealed link never learn the
 * content's blob keys: every `/blobs/<key>` their answer holds becomes
 * `/blobs/sl.<link>.<expiry>.<mac>.<ext>`, where the MAC (HMAC-SHA256 under a key derived from
 * TOKEN_SECRET, 128 bits kept) binds the link, the real key and the expiry. The sharing module
 * serves these URLs only while the link exists and the expiry has not passed, with
 * `Cache-Control: private, no-cache`, so deleting the link ends access at once.
 *
 * The scoped form still matches the contract's blob URL (`/blobs/<key>`), so the share page,
 * the embed and the element need no change, and it never contains the real key.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Prefix of link-scoped keys; real keys are sha256 hex, which never start with it. */
export const SCOPED_PREFIX = "sl.";

const BLOB_URL = /^\/blobs\/([a-z0-9][a-z0-9._-]{0,200})$/i;
const SCOPED = /^sl\.([A-Za-z0-9_-]{32})\.(\d{1,12})\.([A-Za-z0-9_-]{22})(?:\.([a-z0-9]{1,16}))?$/i;

/** A parsed link-scoped key. */
export interface TScopedKey {
  sharelinkUrl: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
  mac: string;
}

/** Signs and checks link-scoped keys. */
export interface TLinkFiles {
  /** The scoped key of `realKey` for a link until `expires` (unix seconds). */
  scope(sharelinkUrl: string, realKey: string, expires: number): string;
  /** The real key among `candidates` that `scoped` was issued for, or null. */
  match(scoped: TScopedKey, candidates: Iterable<string>): string | null;
}

/** Parses a scoped key (without `/blobs/`); null when it is not one. */
export function parseScopedKey(key: string): TScopedKey | null {
  const m = SCOPED.exec(key);
  if (!m) return null;
  return { sharelinkUrl: m[1] ?? "", expires: Number(m[2]), mac: m[3] ?? "" };
}

/** Creates the signer; the key is HMAC(secret, purpose), so it differs from every other use. */
export function createLinkFiles(secret: string): TLinkFiles {
  const key = createHmac("sha256", secret).update("vitrine:sharelink-file:v1").digest();
  const mac = (url: string, realKey: string, expires: number) =>
    createHmac("sha256", key).update(`${url}|${realKey}|${expires}`).digest().subarray(0, 16);

  return {
    scope(sharelinkUrl, realKey, expires) {
      const ext = /\.([a-z0-9]{1,16})$/i.exec(realKey)?.[1];
      const tag = mac(sharelinkUrl, realKey, expires).toString("base64url");
      return `${SCOPED_PREFIX}${sharelinkUrl}.${expires}.${tag}${ext ? `.${ext}` : ""}`;
    },
    match(scoped, candidates) {
      const given = Buffer.from(scoped.mac, "base64url");
      for (const candidate of candidates) {
        const expected = mac(scoped.sharelinkUrl, candidate, scoped.expires);
        if (given.length === expected.length && timingSafeEqual(given, expected)) return candidate;
      }
      return null;
    },
  };
}

/** Every blob key a JSON value names as `/blobs/<key>` (model, thumbnail, build and specification media). */
export function blobKeysIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    const key = BLOB_URL.exec(value)?.[1];
    if (key && !key.startsWith(SCOPED_PREFIX)) found.add(key);
  } else if (Array.isArray(value)) {
    for (const item of value) blobKeysIn(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) blobKeysIn(item, found);
  }
  return found;
}

/** A copy of `value` with every `/blobs/<key>` string replaced by `replace(key)`. */
export function mapBlobUrls<T>(value: T, replace: (key: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const key = BLOB_URL.exec(v)?.[1];
      return key ? `/blobs/${replace(key)}` : v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)]));
    }
    return v;
  };
  return walk(value) as T;
}
