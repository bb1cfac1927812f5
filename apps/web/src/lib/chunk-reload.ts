/**
 * Chunk-load failures (SPEC §4, §8): a script chunk that fails to load (a deploy replaced it,
 * the network dropped) reloads the whole page after 300 ms, with no message to the user.
 * Vite reports these differently from webpack, so every form is recognised.
 */

/** How long a lazy chunk may take before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Delay before the reload. */
export const CHUNK_RELOAD_DELAY_MS = 300;
/** At most one reload per this many ms, so a chunk that is really gone cannot loop. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** Session-storage key of the last chunk reload time. */
export const CHUNK_RELOAD_KEY = "vitrine-chunk-reload-at";

const CHUNK_MESSAGES = [
  /chunkloaderror/i,
  /loading chunk [\w-]+ failed/i,
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

/** True when `reason` (an error, event reason or message) says a chunk failed to load. */
export function isChunkLoadError(reason: unknown): boolean {
  if (reason === null || reason === undefined) return false;
  if (typeof reason === "string") return CHUNK_MESSAGES.some((re) => re.test(reason));
  if (typeof reason !== "object") return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return [name, message].some(
    (text) => typeof text === "string" && CHUNK_MESSAGES.some((re) => re.test(text)),
  );
}

/** The error a lazy import rejects with when it times out. */
export class ChunkLoadError extends Error {
  constructor(message = "ChunkLoadError: loading a script chunk timed out") {
    super(message);
    this.name = "ChunkLoadError";
  }
}

/** Wraps a dynamic import so it rejects with `ChunkLoadError` after `timeoutMs`. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

let isReloadScheduled = false;

/** What `scheduleChunkReload` needs from the browser (injectable for tests). */
export interface TReloadEnv {
  now: () => number;
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  reload: () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

function browserEnv(): TReloadEnv {
  let storage: TReloadEnv["storage"] = null;
  try {
    storage = sessionStorage;
  } catch {
    storage = null;
  }
  return {
    now: () => Date.now(),
    storage,
    reload: () => window.location.reload(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  };
}

/**
 * Reloads the page after 300 ms unless a reload is already pending or one happened in the
 * last 10 s. Returns true when a reload was scheduled (or is already pending).
 */
export function scheduleChunkReload(env: TReloadEnv = browserEnv()): boolean {
  if (isReloadScheduled) return true;
  const last = Number(env.storage?.getItem(CHUNK_RELOAD_KEY) ?? 0);
  const now = env.now();
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  env.storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  isReloadScheduled = true;
  env.setTimeout(() => env.reload(), CHUNK_RELOAD_DELAY_MS);
  return true;
}

/** Resets the pending flag (tests only). */
export function resetChunkReloadForTests(): void {
  isReloadScheduled = false;
}

/** Listens for chunk failures on `window`; returns a function that stops listening. */
export function installChunkReload(target: Window = window): () => void {
  const handleError = (event: ErrorEvent) => {
    if (isChunkLoadError(event.error) || isChunkLoadError(event.message)) scheduleChunkReload();
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) {
      // Handled here: the page reloads, the console need not report it.
      event.preventDefault();
      scheduleChunkReload();
    }
  };
  const handlePreloadError = () => {
    scheduleChunkReload();
  };
  target.addEventListener("error", handleError);
  target.addEventListener("unhandledrejection", handleRejection);
  target.addEventListener("vite:preloadError", handlePreloadError);
  return () => {
    target.removeEventListener("error", handleError);
    target.removeEventListener("unhandledrejection", handleRejection);
    target.removeEventListener("vite:preloadError", handlePreloadError);
  };
}
