/**
 * Sealed snapshots: one content (manifest + model + media) encrypted with AES-256-GCM under a key
 * that only travels in the link's fragment (`#k=<key>`), so the server stores bytes it cannot read.
 *
 * Plaintext  = "VTS1" ‖ uint32 BE manifest length ‖ manifest JSON (UTF-8) ‖ file bytes, in order.
 * Ciphertext = iv (12 random bytes) ‖ AES-GCM(plaintext) (ciphertext ‖ 16-byte tag).
 * Key        = 32 random bytes, base64url without padding.
 * WebCrypto only: runs in browsers and Node 20.
 */
import type { TBuild, TVec3 } from "@vitrine/contract";

/** What a sealed snapshot says about itself. */
export interface TSealedManifest {
  v: 1;
  title: string;
  build: TBuild;
  specificationImages: string[];
  dimensions: TVec3 | null;
  /** Path of the model file inside. */
  model: string;
  files: { path: string; type: string; offset: number; length: number }[];
}

/** What `sealSnapshot` packs. */
export interface TSealInput {
  title: string;
  build: TBuild;
  specificationImages: string[];
  dimensions: TVec3 | null;
  files: { path: string; type: string; bytes: Uint8Array }[];
  /** Path of the model among `files`. */
  model: string;
}

const MAGIC = [0x56, 0x54, 0x53, 0x31]; // "VTS1"
const IV_BYTES = 12;
const KEY_BYTES = 32;
/** The one message for every failure to open: a wrong key and tampered bytes look the same. */
export const SEALED_OPEN_ERROR = "This link's key does not open it.";

function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function importKey(raw: Uint8Array, usage: "encrypt" | "decrypt"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", raw as Uint8Array<ArrayBuffer>, "AES-GCM", false, [usage]);
}

/** Packs and encrypts a snapshot under a fresh key. */
export async function sealSnapshot(input: TSealInput): Promise<{ ciphertext: Uint8Array; key: string }> {
  if (!input.files.some((file) => file.path === input.model)) {
    throw new Error("The model file is not among the files.");
  }
  let offset = 0;
  const files = input.files.map((file) => {
    const entry = { path: file.path, type: file.type, offset, length: file.bytes.length };
    offset += file.bytes.length;
    return entry;
  });
  const manifest: TSealedManifest = {
    v: 1,
    title: input.title,
    build: input.build,
    specificationImages: input.specificationImages,
    dimensions: input.dimensions,
    model: input.model,
    files,
  };
  const json = new TextEncoder().encode(JSON.stringify(manifest));
  const plain = new Uint8Array(8 + json.length + offset);
  plain.set(MAGIC, 0);
  new DataView(plain.buffer).setUint32(4, json.length);
  plain.set(json, 8);
  let at = 8 + json.length;
  for (const file of input.files) {
    plain.set(file.bytes, at);
    at += file.bytes.length;
  }
  const raw = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await importKey(raw, "encrypt"), plain),
  );
  const ciphertext = new Uint8Array(IV_BYTES + sealed.length);
  ciphertext.set(iv, 0);
  ciphertext.set(sealed, IV_BYTES);
  return { ciphertext, key: toBase64Url(raw) };
}

function isManifest(value: unknown): value is TSealedManifest {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Partial<TSealedManifest>;
  return (
    m.v === 1 &&
    typeof m.title === "string" &&
    typeof m.model === "string" &&
    typeof m.build === "object" &&
    m.build !== null &&
    Array.isArray(m.specificationImages) &&
    Array.isArray(m.files) &&
    m.files.every(
      (f) =>
        typeof f.path === "string" &&
        typeof f.type === "string" &&
        Number.isInteger(f.offset) &&
        Number.isInteger(f.length) &&
        f.offset >= 0 &&
        f.length >= 0,
    )
  );
}

/** Decrypts and unpacks a snapshot; throws `SEALED_OPEN_ERROR` for a wrong key or altered bytes. */
export async function openSnapshot(
  ciphertext: Uint8Array,
  key: string,
): Promise<{ manifest: TSealedManifest; files: Map<string, Blob> }> {
  const raw = fromBase64Url(key);
  if (!raw || raw.length !== KEY_BYTES || ciphertext.length < IV_BYTES + 16)
    throw new Error(SEALED_OPEN_ERROR);
  let plain: Uint8Array;
  try {
    const iv = ciphertext.slice(0, IV_BYTES);
    const body = ciphertext.slice(IV_BYTES);
    plain = new Uint8Array(
      await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await importKey(raw, "decrypt"), body),
    );
  } catch {
    throw new Error(SEALED_OPEN_ERROR);
  }
  if (plain.length < 8 || MAGIC.some((byte, i) => plain[i] !== byte)) throw new Error(SEALED_OPEN_ERROR);
  const length = new DataView(plain.buffer, plain.byteOffset).getUint32(4);
  const dataStart = 8 + length;
  if (dataStart > plain.length) throw new Error(SEALED_OPEN_ERROR);
  let manifest: unknown;
  try {
    manifest = JSON.parse(new TextDecoder().decode(plain.subarray(8, dataStart)));
  } catch {
    throw new Error(SEALED_OPEN_ERROR);
  }
  if (!isManifest(manifest)) throw new Error(SEALED_OPEN_ERROR);
  const files = new Map<string, Blob>();
  for (const file of manifest.files) {
    const start = dataStart + file.offset;
    if (start + file.length > plain.length) throw new Error(SEALED_OPEN_ERROR);
    files.set(file.path, new Blob([plain.slice(start, start + file.length)], { type: file.type }));
  }
  return { manifest, files };
}

/** The key in a link's fragment (`#k=<key>`, also among other `&`-joined pairs), or null. */
export function keyFromFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const key = params.get("k");
  return key && /^[A-Za-z0-9_-]{43}$/.test(key) ? key : null;
}

/** An opened snapshot as URLs; `revoke` frees them. */
export interface TOpenedSnapshot {
  manifest: TSealedManifest;
  modelUrl: string;
  /** Maps a media URL of the build to its blob: URL (unknown URLs map to themselves). */
  resolveMedia: (url: string) => string;
  revoke: () => void;
}

/**
 * Opens the ciphertext with the key into blob: URLs the viewer element loads (the share page and
 * the embed both); throws for a wrong key, altered bytes or a missing model.
 */
export async function openSnapshotAsUrls(ciphertext: Uint8Array, key: string): Promise<TOpenedSnapshot> {
  const { manifest, files } = await openSnapshot(ciphertext, key);
  const urls = new Map<string, string>();
  for (const [path, blob] of files) urls.set(path, URL.createObjectURL(blob));
  const revoke = () => {
    for (const url of urls.values()) URL.revokeObjectURL(url);
  };
  const modelUrl = urls.get(manifest.model);
  if (!modelUrl) {
    revoke();
    throw new Error("The snapshot has no model.");
  }
  return { manifest, modelUrl, resolveMedia: (url) => urls.get(url) ?? url, revoke };
}
