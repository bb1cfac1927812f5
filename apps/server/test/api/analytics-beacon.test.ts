/**
 * Page timing sends `view_end` with `navigator.sendBeacon`, whose string body arrives as
 * `text/plain;charset=UTF-8` (issue 9, item 19): the log call takes that envelope and stores the
 * row; every other call still refuses a `text/plain` body (it needs no CORS preflight).
 */
import { addOriginLogCall, LOG_FIXED_KEY, pingCall, type TCallInput } from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { viewLogs } from "../../src/db/schema/analytics";
import { BROWSER_UA } from "../support/browser-fetch";
import { testConfig } from "../support/config";
import { testDatabaseTargets } from "../support/databases";
import { startServer, type TTestServer } from "./harness";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

function viewEnd(sessionId: string): TCallInput<typeof addOriginLogCall> {
  return {
    key: LOG_FIXED_KEY,
    sessionId,
    contentId: "content_1",
    contentOwnerId: "user_1",
    pageType: "share",
    contentType: "home",
    action: "view_end",
    path: "/share/abc",
    duration: 12,
    metadata: { browser: "Chrome", deviceType: "desktop" },
  } as TCallInput<typeof addOriginLogCall>;
}

describe.each(targets)("page-view beacons on $name", (target) => {
  let server: TTestServer;
  beforeAll(async () => {
    // Encrypted envelope, as deployments run by default.
    server = await startServer(testConfig({ ...target.env, LOG_FLUSH_MS: "20", ENVELOPE_ENABLED: "true" }));
  });
  afterAll(() => server?.shutdown());

  async function post(path: string, body: string, type: string) {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": type, "user-agent": BROWSER_UA },
      body,
    });
    return { http: res.status, body: (await res.json()) as { status: boolean; rescode: number } };
  }

  it("stores a view_end sent as text/plain, as sendBeacon sends it", async () => {
    const sessionId = `session-${crypto.randomUUID()}`;
    const body = JSON.stringify(await server.envelope.wrap(viewEnd(sessionId)));
    const res = await post(addOriginLogCall.path, body, "text/plain;charset=UTF-8");
    expect(res).toMatchObject({ http: 200, body: { status: true, rescode: 200 } });
    const db = server.built.platform.database.db;
    await vi.waitFor(
      async () =>
        expect(await db.select().from(viewLogs).where(eq(viewLogs.sessionId, sessionId))).toHaveLength(1),
      {
        timeout: 10_000,
      },
    );
    const [row] = await db.select().from(viewLogs).where(eq(viewLogs.sessionId, sessionId));
    expect(row).toMatchObject({
      action: "view_end",
      duration: 12,
      contentId: "content_1",
      contentOwnerId: "user_1",
    });
  });

  it("refuses text/plain that is not an envelope, and text/plain on other calls", async () => {
    const broken = await post(addOriginLogCall.path, "{not json", "text/plain;charset=UTF-8");
    expect(broken.http).toBe(400);
    expect(broken.body.status).toBe(false);
    const ping = JSON.stringify(await server.envelope.wrap({}));
    const other = await post(pingCall.path, ping, "text/plain");
    expect(other.http).toBe(400);
    expect(other.body.status).toBe(false);
  });
});
