/**
 * Issue 9, item 11: a server killed (SIGKILL) in the middle of an upload leaves the partial file
 * in DATA_DIR/tmp; the next start removes it.
 */

import { readdir, stat } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { seedUser, signIn, spawnServer, type TChildServer } from "../support/child-server";
import { testDatabaseTargets } from "../support/databases";
import { fixtureModel } from "../support/models";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
const servers: TChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await Promise.all(targets.map((t) => t.cleanup()));
});

/** Every file under `dir` with its size. */
async function filesIn(dir: string): Promise<Array<{ path: string; size: number }>> {
  const found: Array<{ path: string; size: number }> = [];
  for (const name of await readdir(dir, { recursive: true }).catch(() => [] as string[])) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info?.isFile()) found.push({ path: name, size: info.size });
  }
  return found;
}

/** Starts a model upload that sends `bytes` of a file and then never finishes. */
function startEndlessUpload(baseUrl: string, token: string, bytes: Uint8Array): void {
  const boundary = "vitrine-crash-boundary";
  const url = new URL("/api/upload/model", baseUrl);
  const req = request(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(50 * 1024 * 1024),
    },
  });
  req.on("error", () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="radio.glb"\r\n` +
      "Content-Type: model/gltf-binary\r\n\r\n",
  );
  req.write(bytes);
}

describe.each(targets)("partial uploads after a crash on $name", (target) => {
  it("removes what a killed server left in DATA_DIR/tmp at the next start", async () => {
    const user = await seedUser(target.env);
    const tmp = join(String(target.env.DATA_DIR), "tmp");

    const first = await spawnServer(target.env);
    servers.push(first);
    startEndlessUpload(
      first.baseUrl,
      await signIn(first, user),
      fixtureModel("Radio.glb").subarray(0, 64 * 1024),
    );
    let partial: Array<{ path: string; size: number }> = [];
    while (!partial.some((file) => file.size > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      partial = await filesIn(tmp);
    }
    await first.stop("SIGKILL");
    expect((await filesIn(tmp)).length).toBeGreaterThan(0);

    const second = await spawnServer(target.env);
    servers.push(second);
    expect(await filesIn(tmp)).toEqual([]);
    expect(await readdir(tmp)).toEqual([]);
    await second.stop("SIGTERM");
  });
});
