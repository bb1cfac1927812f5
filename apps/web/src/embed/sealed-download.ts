/**
 * A sealed link's ciphertext: downloaded with progress, opened with the key of the fragment, and
 * turned into blob: URLs the element can load (model, images, videos).
 */
import { openSnapshot, type TSealedManifest } from "@vitrine/viewer/sealed";

export { keyFromFragment } from "@vitrine/viewer/sealed";

/** Fetches all bytes of `url`, reporting the fraction done (0..1) when the size is known. */
export async function downloadBytes(
  url: string,
  expectedBytes: number,
  onProgress: (fraction: number) => void,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<Uint8Array> {
  const res = await fetchImpl(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const header = Number(res.headers.get("content-length"));
  const total = Number.isFinite(header) && header > 0 ? header : expectedBytes;
  if (!res.body) {
    const whole = new Uint8Array(await res.arrayBuffer());
    onProgress(1);
    return whole;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    if (total > 0) onProgress(Math.min(1, loaded / total));
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  onProgress(1);
  return bytes;
}

/** An opened snapshot as URLs; `revoke` frees them. */
export interface TOpenedSnapshot {
  manifest: TSealedManifest;
  modelUrl: string;
  /** Maps a media URL of the build to its blob: URL (unknown URLs map to themselves). */
  resolveMedia: (url: string) => string;
  revoke: () => void;
}

/** Opens the ciphertext with the key; throws for a wrong key, altered bytes or a missing model. */
export async function openSealed(ciphertext: Uint8Array, key: string): Promise<TOpenedSnapshot> {
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
