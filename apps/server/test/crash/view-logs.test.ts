/**
 * Issue 9, item 10: page-view rows answered "accepted" survive a crash. Visitors send logs at
 * once and without pause; the server is killed (SIGKILL) in the middle; every log it answered
 * `accepted` is in the database afterwards. Before, rows waited up to LOG_FLUSH_MS in memory and
 * a crash lost them (5.6 % under load on PostgreSQL).
 */
import { randomUUID } from "node:crypto";
import { addOriginLogCall, LOG_FIXED_KEY } from "@vitrine/contract";
import { afterAll, describe, expect, it, vi } from "vitest";
import { spawnServer, storedViewLogSessions, type TChildServer } from "../support/child-server";
import { testDatabaseTargets } from "../support/databases";

vi.setConfig({ testTimeout: 300_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
const servers: TChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await Promise.all(targets.map((t) => t.cleanup()));
});

const VISITORS = 20;

function viewLog(sessionId: string) {
  return {
    key: LOG_FIXED_KEY,
    sessionId,
    pageType: "share",
    contentType: "product",
    action: "view_start",
    path: "/share/abc",
    metadata: { browser: "Firefox", deviceType: "desktop" },
  };
}

describe.each(targets)("view logs through a crash on $name", (target) => {
  it("keeps every log answered accepted when the server is killed under load", async () => {
    const server = await spawnServer(target.env);
    servers.push(server);
    const accepted: string[] = [];
    let isRunning = true;
    const visitor = async () => {
      while (isRunning) {
        const sessionId = `crash-${randomUUID()}`;
        const res = await server.send(addOriginLogCall, viewLog(sessionId) as never).catch(() => null);
        if (res?.status && (res.data as { accepted?: boolean } | null)?.accepted) accepted.push(sessionId);
        else return;
      }
    };
    const visitors = Array.from({ length: VISITORS }, visitor);
    while (accepted.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.stop("SIGKILL");
    isRunning = false;
    await Promise.all(visitors);

    const stored = await storedViewLogSessions(target.env, accepted);
    const lost = accepted.filter((sessionId) => !stored.has(sessionId));
    expect({ accepted: accepted.length, lost: lost.length }).toEqual({ accepted: accepted.length, lost: 0 });
  });
});
