import { afterAll, describe, expect, it, vi } from "vitest";
import { testConfig, testLogger } from "../../../test/support/config";
import { openTestDatabase, testDatabaseTargets } from "../../../test/support/databases";
import type { TDatabase, TJob, TJobQueue } from "../types";
import { createJobQueue } from "./index";

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("job queue on $name", (target) => {
  const opened: TDatabase[] = [];
  const queues: TJobQueue[] = [];

  // One PGlite directory allows one instance, so PGlite tests share it; PostgreSQL gets a pool each.
  async function open(): Promise<TDatabase> {
    const [first] = opened;
    if (first && target.name === "pglite") return first;
    const database = await openTestDatabase(target);
    opened.push(database);
    return database;
  }

  function queue(database: TDatabase, concurrency = 2): TJobQueue {
    const config = testConfig({ ...target.env, JOBS_CONCURRENCY: String(concurrency), JOBS_POLL_MS: "20" });
    const q = createJobQueue(database, config, testLogger());
    queues.push(q);
    return q;
  }

  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
    for (const database of opened) await database.close();
  });

  it("runs a job once with its payload", async () => {
    const q = queue(await open());
    const seen: TJob[] = [];
    q.register("greet", async (job) => {
      seen.push(job);
    });
    q.start();
    const id = await q.enqueue("greet", { name: "Ada" });
    await vi.waitFor(async () => expect((await q.getJob(id))?.status).toBe("done"), { timeout: 10_000 });
    expect(seen).toEqual([{ id, type: "greet", payload: { name: "Ada" }, attempts: 1 }]);
    expect(await q.getJob(id)).toMatchObject({ attempts: 1, lastError: null });
  });

  it("retries a failing job with growing waits, then marks it failed with its message", async () => {
    const q = queue(await open());
    const calls: number[] = [];
    q.register("flaky", async () => {
      calls.push(Date.now());
      throw new Error(`boom ${calls.length}`);
    });
    q.start();
    const id = await q.enqueue("flaky", {}, { maxAttempts: 2 });

    await vi.waitFor(async () => expect((await q.getJob(id))?.attempts).toBe(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await q.getJob(id))?.status).toBe("queued"), { timeout: 10_000 });
    const waiting = await q.getJob(id);
    expect(waiting?.lastError).toBe("boom 1");

    await vi.waitFor(async () => expect((await q.getJob(id))?.status).toBe("failed"), { timeout: 15_000 });
    const failed = await q.getJob(id);
    expect(failed).toMatchObject({ attempts: 2, lastError: "boom 2" });
    expect(failed?.lastError).not.toContain("at ");
    expect(calls).toHaveLength(2);
    // The first retry waits 2^1 s: the backoff, not the poll interval, decides when it runs.
    const [first = 0, second = 0] = calls;
    expect(second - first).toBeGreaterThanOrEqual(1900);
  });

  it("never runs a job twice when two queues poll the same database", async () => {
    // On PostgreSQL each queue gets its own pool, as two server instances would.
    const a = await open();
    const b = await open();
    const runs = new Map<string, number>();
    const handler = async (job: TJob) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    };
    const qa = queue(a, 4);
    const qb = queue(b, 4);
    qa.register("count", handler);
    qb.register("count", handler);
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await qa.enqueue("count", { i }));
    qa.start();
    qb.start();
    await vi.waitFor(
      async () => {
        const states = await Promise.all(ids.map((id) => qa.getJob(id)));
        expect(states.every((s) => s?.status === "done")).toBe(true);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it("stop() waits for the job in flight", async () => {
    const q = queue(await open());
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let isRunning = false;
    q.register("slow", async () => {
      isRunning = true;
      await released;
    });
    q.start();
    const id = await q.enqueue("slow", {});
    await vi.waitFor(() => expect(isRunning).toBe(true), { timeout: 10_000 });

    let isStopped = false;
    const stopping = q.stop().then(() => {
      isStopped = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(isStopped).toBe(false);
    release();
    await stopping;
    expect((await q.getJob(id))?.status).toBe("done");
  });

  it("leaves jobs queued when JOBS_CONCURRENCY is 0", async () => {
    const q = queue(await open(), 0);
    let runs = 0;
    q.register("idle", async () => {
      runs++;
    });
    q.start();
    const id = await q.enqueue("idle", {});
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toBe(0);
    expect((await q.getJob(id))?.status).toBe("queued");
  });
});
