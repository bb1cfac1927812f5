// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CODES, createEnvelope, defineCall, pingCall, type TEnvelope } from "@vitrine/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApi, type TApiHooks } from "./client";

const ownerCall = defineCall({
  path: "/api/test/request_owner",
  module: "test",
  input: z.object({ n: z.number() }),
  output: z.object({ n: z.number(), token: z.string() }),
  auth: "owner",
  summary: "test",
});

type TSeen = { path: string; auth: string | undefined; payload: unknown };
type TReply = { status: number; body: unknown } | "reset";

const settings = { enabled: true, secret: "test-secret", salt: "test-salt", iterations: 10_000 };
let serverEnvelope: TEnvelope;
let server: Server;
let baseUrl = "";
let seen: TSeen[] = [];
let replies: TReply[] = [];

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function makeHooks() {
  const state = { token: "old-token" as string | null, wentHome: 0, outages: 0, apologies: 0 };
  const hooks: TApiHooks = {
    getToken: () => state.token,
    setToken: (t) => {
      state.token = t;
    },
    clearToken: () => {
      state.token = null;
    },
    goHome: () => {
      state.wentHome++;
    },
    onOutage: () => {
      state.outages++;
    },
    onUserNotFound: () => {
      state.apologies++;
    },
  };
  return { state, hooks };
}

beforeAll(async () => {
  serverEnvelope = await createEnvelope(settings);
  server = createServer(async (req, res) => {
    const payload = await serverEnvelope.unwrap(await readBody(req));
    seen.push({ path: req.url ?? "", auth: req.headers.authorization, payload });
    const reply = replies.shift() ?? { status: 200, body: { status: true, rescode: 200, data: {} } };
    if (reply === "reset") {
      req.socket.destroy();
      return;
    }
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  replies = [];
});

async function makeApi(base = baseUrl) {
  const { state, hooks } = makeHooks();
  const api = createApi({ ...hooks, envelope: await createEnvelope(settings), baseUrl: base });
  return { api, state };
}

describe("api client session rules", () => {
  it("sends the payload sealed in the envelope with the bearer token", async () => {
    const { api } = await makeApi();
    replies.push({ status: 200, body: { status: true, rescode: 200, data: { n: 7, token: "x" } } });
    const res = await api(ownerCall, { n: 7 });
    expect(res).toMatchObject({ status: true, data: { n: 7 } });
    expect(seen).toEqual([{ path: ownerCall.path, auth: "Bearer old-token", payload: { n: 7 } }]);
  });

  it("on 803 stores the new token and repeats the call once with it", async () => {
    const { api, state } = await makeApi();
    replies.push({ status: 200, body: { status: false, rescode: 803, data: null, atk: "new-token" } });
    replies.push({ status: 200, body: { status: true, rescode: 200, data: { n: 1, token: "new" } } });
    const res = await api(ownerCall, { n: 1 });
    expect(res).toMatchObject({ status: true, data: { n: 1, token: "new" } });
    expect(seen.map((s) => s.auth)).toEqual(["Bearer old-token", "Bearer new-token"]);
    expect(state.token).toBe("new-token");
    expect(state.wentHome).toBe(0);
  });

  it("repeats only once when the repeat answers 803 again", async () => {
    const { api } = await makeApi();
    replies.push({ status: 200, body: { status: false, rescode: 803, data: null, atk: "a" } });
    replies.push({ status: 200, body: { status: false, rescode: 803, data: null, atk: "b" } });
    await api(ownerCall, { n: 1 });
    expect(seen).toHaveLength(2);
  });

  it("on 403 of an authenticated call clears the token and goes home", async () => {
    const { api, state } = await makeApi();
    replies.push({
      status: 403,
      body: { status: false, rescode: 403, data: null, message: CODES.forbidden.message },
    });
    const res = await api(ownerCall, { n: 1 });
    expect(res.status).toBe(false);
    expect(state.token).toBeNull();
    expect(state.wentHome).toBe(1);
  });

  it("on any other failure of an authenticated call clears the token and goes home", async () => {
    const { api, state } = await makeApi();
    replies.push({ status: 500, body: { status: false, rescode: 1000, data: null, message: "x" } });
    await api(ownerCall, { n: 1 });
    expect(state.token).toBeNull();
    expect(state.wentHome).toBe(1);
  });

  it("keeps the session when the answer is a form message the page shows", async () => {
    const { api, state } = await makeApi();
    replies.push({
      status: 400,
      body: {
        status: false,
        rescode: CODES.validation.rescode,
        data: { fields: { n: "bad" } },
        message: "x",
      },
    });
    const res = await api(ownerCall, { n: 1 });
    expect(res).toMatchObject({ status: false, rescode: CODES.validation.rescode });
    expect(state.token).toBe("old-token");
    expect(state.wentHome).toBe(0);
  });

  it("apologises, then signs out, when the account no longer exists", async () => {
    const { api, state } = await makeApi();
    replies.push({ status: 200, body: { status: false, rescode: CODES.userNotFound.rescode, data: null } });
    await api(ownerCall, { n: 1 });
    expect(state.apologies).toBe(1);
    expect(state.token).toBeNull();
    expect(state.wentHome).toBe(1);
  });

  it("does not sign out on a failure of a visitor call, and sends no token", async () => {
    const { api, state } = await makeApi();
    replies.push({ status: 403, body: { status: false, rescode: 403, data: null } });
    await api(pingCall, {});
    expect(seen[0]?.auth).toBeUndefined();
    expect(state.token).toBe("old-token");
    expect(state.wentHome).toBe(0);
  });

  it("on a refused connection shows the outage alert and answers status false with 1001", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { api, state } = await makeApi(`http://127.0.0.1:${port}`);
    const res = await api(ownerCall, { n: 1 });
    expect(res).toMatchObject({ status: false, rescode: 1001, transport: "refused" });
    expect(res.message).toBeTruthy();
    expect(state.outages).toBe(1);
    expect(state.token).toBe("old-token");
  });

  it("on a reset connection shows the outage alert", async () => {
    const { api, state } = await makeApi();
    replies.push("reset");
    const res = await api(pingCall, {});
    expect(res).toMatchObject({ status: false, rescode: 1001 });
    expect(state.outages).toBe(1);
  });
});
