import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_DELAY_MS,
  ChunkLoadError,
  isChunkLoadError,
  resetChunkReloadForTests,
  scheduleChunkReload,
  type TReloadEnv,
  withChunkTimeout,
} from "./chunk-reload";

function fakeEnv(start: number) {
  const store = new Map<string, string>();
  const timers: { fn: () => void; ms: number }[] = [];
  let reloads = 0;
  let now = start;
  const env: TReloadEnv = {
    now: () => now,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload: () => {
      reloads++;
    },
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
  };
  return {
    env,
    timers,
    reloads: () => reloads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

afterEach(() => {
  resetChunkReloadForTests();
  vi.useRealTimers();
});

describe("chunk failure detection", () => {
  it.each([
    new ChunkLoadError(),
    Object.assign(new Error("x"), { name: "ChunkLoadError" }),
    new TypeError("Failed to fetch dynamically imported module: http://x/assets/Page-abc.js"),
    new TypeError("error loading dynamically imported module"),
    new TypeError("Importing a module script failed."),
    new Error("Loading chunk 42 failed."),
    "Uncaught ChunkLoadError: Loading chunk 7 failed",
  ])("recognises %s", (reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it.each([new Error("boom"), new TypeError("x is undefined"), null, undefined, 42, "failed"])(
    "ignores %s",
    (reason) => {
      expect(isChunkLoadError(reason)).toBe(false);
    },
  );
});

describe("chunk reload", () => {
  it("reloads after 300 ms, once, and not again within 10 s", () => {
    const f = fakeEnv(1_000_000);
    expect(scheduleChunkReload(f.env)).toBe(true);
    expect(f.timers).toHaveLength(1);
    expect(f.timers[0]?.ms).toBe(CHUNK_RELOAD_DELAY_MS);
    f.timers[0]?.fn();
    expect(f.reloads()).toBe(1);

    // A second failure while the first reload is pending schedules nothing more.
    expect(scheduleChunkReload(f.env)).toBe(true);
    expect(f.timers).toHaveLength(1);

    // After the reload (fresh page), a failure within 10 s does not loop.
    resetChunkReloadForTests();
    f.advance(5_000);
    expect(scheduleChunkReload(f.env)).toBe(false);
    f.advance(6_000);
    expect(scheduleChunkReload(f.env)).toBe(true);
    expect(f.timers).toHaveLength(2);
  });

  it("times a lazy import out with a ChunkLoadError", async () => {
    vi.useFakeTimers();
    const never = withChunkTimeout(() => new Promise<never>(() => undefined), 120_000);
    const result = never().catch((e: unknown) => e);
    vi.advanceTimersByTime(120_000);
    const error = await result;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("ChunkLoadError");
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("passes a loaded module through", async () => {
    const load = withChunkTimeout(async () => ({ default: 1 }));
    await expect(load()).resolves.toEqual({ default: 1 });
  });
});
