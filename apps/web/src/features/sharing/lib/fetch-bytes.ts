/** Downloads a file whole, reporting progress; used for sealed snapshots both ways. */

/** Options of {@link fetchBytes}. */
export interface TFetchBytesOptions {
  /** Called with the share received, 0..1 (only when the size is known). */
  onProgress?: (fraction: number) => void;
  /** The size when the caller knows it better than the answer's headers. */
  expectedBytes?: number;
  signal?: AbortSignal;
}

/** The bytes of a download and their media type. */
export interface TFetchedBytes {
  bytes: Uint8Array;
  type: string;
}

/** Fetches `url` into memory; throws on an HTTP failure or a network error. */
export async function fetchBytes(url: string, options: TFetchBytesOptions = {}): Promise<TFetchedBytes> {
  const res = await fetch(url, { signal: options.signal, credentials: "same-origin" });
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  const type = res.headers.get("content-type")?.split(";")[0]?.trim() ?? "application/octet-stream";
  const header = Number(res.headers.get("content-length") ?? Number.NaN);
  const total = options.expectedBytes ?? (Number.isFinite(header) ? header : 0);
  if (!res.body) {
    const bytes = new Uint8Array(await res.arrayBuffer());
    options.onProgress?.(1);
    return { bytes, type };
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    if (total > 0) options.onProgress?.(Math.min(1, loaded / total));
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  options.onProgress?.(1);
  return { bytes, type };
}
