/**
 * A sealed link's ciphertext: downloaded with progress, opened with the key of the fragment, and
 * turned into blob: URLs the element can load (model, images, videos).
 */
export {
  keyFromFragment,
  openSnapshotAsUrls as openSealed,
  type TOpenedSnapshot,
} from "@vitrine/viewer/sealed";

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
