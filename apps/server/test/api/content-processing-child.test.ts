/**
 * Issue 29, item 3: models are processed in a child process that exits when done. When that
 * child dies mid-model (here killed with SIGKILL once its first step is recorded, as the
 * out-of-memory killer would), the owner sees the content failed with the plain reason and may
 * retry; the server itself goes on answering and processing the next model.
 */
import { fileURLToPath } from "node:url";
import { contentDetailCall, contentRetryCall } from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TProgressListener } from "../../src/modules/content/pipeline/pipeline";
import {
  startContentServer,
  type TContentServer,
  type TSignedIn,
  trialRunning,
} from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import { fixtureModel } from "../support/models";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Node options for the next processing child only (a preloaded fault), then none. */
const nextChild = vi.hoisted(() => ({ execArgv: null as string[] | null }));

vi.mock("../../src/modules/content/pipeline/processing-runner", async (importOriginal) => {
  const runner =
    await importOriginal<typeof import("../../src/modules/content/pipeline/processing-runner")>();
  return {
    ...runner,
    optimizeInChild(input: Uint8Array, onProgress: TProgressListener) {
      const execArgv = nextChild.execArgv;
      nextChild.execArgv = null;
      return runner.optimizeInChild(input, onProgress, execArgv ? { execArgv } : {});
    },
  };
});

const KILLED = fileURLToPath(new URL("../support/processing-faults/killed.cjs", import.meta.url));

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("a processing child that dies, on $name", (target) => {
  let s: TContentServer;
  let owner: TSignedIn;

  beforeAll(async () => {
    s = await startContentServer(target.env);
    owner = await s.user({ trialEndsAt: trialRunning() });
  });
  afterAll(() => s?.shutdown());

  async function upload(name: "Fox.glb" | "Radio.glb"): Promise<string> {
    const res = await s.upload<{ content_id: string }>(
      "/api/upload/model",
      [{ name, bytes: fixtureModel(name) }],
      {
        token: owner.token,
      },
    );
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    return res.body.data.content_id;
  }

  it("fails the content with the plain reason; the server goes on, and a retry processes it", async () => {
    nextChild.execArgv = ["--require", KILLED];
    const id = await upload("Radio.glb");
    expect(await s.settled(id, owner.token)).toMatchObject({
      status: "failed",
      failure_reason: "The model could not be processed.",
      processing: null,
      model_url: null,
    });

    // The server was not taken down with its child: it answers, and processes the next model.
    expect((await fetch(`${s.server.baseUrl}/api/health`)).status).toBe(200);
    const next = await upload("Fox.glb");
    expect(await s.settled(next, owner.token)).toMatchObject({ status: "ready", failure_reason: null });

    const retried = await s.call(contentRetryCall, { content_id: id }, owner.token);
    expect(retried.body.status).toBe(true);
    const ready = await s.settled(id, owner.token);
    expect(ready).toMatchObject({ status: "ready", failure_reason: null });
    expect(ready.model_url).toMatch(/^\/blobs\/[0-9a-f]{64}\.glb$/);
    const detail = await s.call(contentDetailCall, { content_id: id }, owner.token);
    expect(detail.body.data.doc.thumbnail_url).toMatch(/\.jpg$/);
  });
});
