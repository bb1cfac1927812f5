/**
 * Issue 9, item 9: a server killed (SIGKILL) while it processes a model leaves the job `running`;
 * after a restart on the same DATA_DIR and database the job is taken up again (PGlite: at once;
 * PostgreSQL: once its heartbeat is stale, under a minute) and the content becomes ready.
 * Before, the content stayed "processing" for 30 minutes and the owner could not retry.
 */
import { contentDetailCall } from "@vitrine/contract";
import { afterAll, describe, expect, it, vi } from "vitest";
import { seedUser, signIn, spawnServer, type TChildServer } from "../support/child-server";
import { testDatabaseTargets } from "../support/databases";
import { fixtureModel } from "../support/models";

vi.setConfig({ testTimeout: 300_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
const servers: TChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await Promise.all(targets.map((t) => t.cleanup()));
});

const isJobStart = (line: { msg?: string; type?: unknown }) =>
  line.msg === "job started" && line.type === "content.process";

describe.each(targets)("processing after a crash on $name", (target) => {
  it("takes a killed worker's job up again after a restart; the content becomes ready", async () => {
    const user = await seedUser(target.env);
    const env = { ...target.env, JOBS_CONCURRENCY: "1" };

    const first = await spawnServer(env);
    servers.push(first);
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(fixtureModel("Fox.glb"))]), "Fox.glb");
    const upload = await fetch(`${first.baseUrl}/api/upload/model`, {
      method: "POST",
      headers: { authorization: `Bearer ${await signIn(first, user)}` },
      body: form,
    });
    const contentId = ((await upload.json()) as { data: { content_id: string } }).data.content_id;
    await first.waitForLog(isJobStart);
    await first.stop("SIGKILL");

    const second = await spawnServer(env);
    servers.push(second);
    const token = await signIn(second, user);
    const detail = async () =>
      (
        (await second.send(contentDetailCall, { content_id: contentId }, token)).data as {
          doc: { status: string };
        }
      ).doc;
    expect((await detail()).status).toBe("processing");
    // The restarted server runs the job as a new attempt (the killed one counted as the first).
    const started = await second.waitForLog(isJobStart);
    expect(started.attempt).toBe(2);
    let status = (await detail()).status;
    while (status === "processing") {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await detail()).status;
    }
    expect(status).toBe("ready");
    await second.stop("SIGTERM");
  });
});
