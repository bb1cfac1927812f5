/**
 * The HTTP side of the platform against a real server: health, client configuration, the call
 * dispatcher in both envelope modes, and every way a request can be malformed.
 */
import {
  AppError,
  CODES,
  defineCall,
  deriveEnvelopeKey,
  echoCall,
  pingCall,
  sealPayload,
  ZClientConfig,
} from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createSystemModule } from "../../src/modules/system/routes";
import { bindCall, type TModule } from "../../src/platform/module";
import type { TAuthResolver, TPlatform } from "../../src/platform/types";
import { testConfig } from "../support/config";
import { testDatabaseTargets } from "../support/databases";
import { startServer, type TTestServer } from "./harness";

// Every server opens a database and runs its migrations: slow on a busy machine, never hung.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

/** Test-only calls: an owner call, a super call, a handler that breaks its output, one that crashes. */
const whoAmICall = defineCall({
  path: "/api/test/request_who_am_i",
  module: "test",
  input: z.object({}).strict(),
  output: z.object({ userId: z.string() }),
  auth: "owner",
  summary: "test only",
});
const superCall = defineCall({
  path: "/api/test/request_super_only",
  module: "test",
  input: z.object({}).strict(),
  output: z.object({ ok: z.literal(true) }),
  auth: "super",
  summary: "test only",
});
const brokenOutputCall = defineCall({
  path: "/api/test/request_broken_output",
  module: "test",
  input: z.object({}).strict(),
  output: z.object({ count: z.number() }),
  auth: "none",
  summary: "test only",
});
const crashCall = defineCall({
  path: "/api/test/request_crash",
  module: "test",
  input: z.object({}).strict(),
  output: z.object({}),
  auth: "none",
  summary: "test only",
});
const nestedCall = defineCall({
  path: "/api/test/request_nested",
  module: "test",
  input: z.object({
    owner: z.object({ name: z.string().min(2, "Name too short.") }),
    tags: z.array(z.string()),
  }),
  output: z.object({}),
  auth: "none",
  summary: "test only",
});

const testModule: TModule = {
  name: "test",
  calls: [
    bindCall(whoAmICall, async (_input, ctx) => ({ userId: ctx.auth?.userId ?? "nobody" })),
    bindCall(superCall, async () => ({ ok: true as const })),
    // The handler answers a string where the contract says number: a server bug.
    bindCall(brokenOutputCall, async () => ({ count: "many" }) as unknown as { count: number }),
    bindCall(crashCall, async () => {
      throw new Error('relation "users" does not exist: select * from users where secret = 1');
    }),
    bindCall(nestedCall, async () => ({})),
  ],
};

/** A resolver with fixed tokens: `owner-token`, `super-token`, `expired-token` (refreshed), anything else refused. */
const fixedTokens: TAuthResolver = {
  async authenticate(token, level) {
    if (token === "owner-token")
      return { auth: { userId: "user_1", sessionId: "session_1", isSuper: false } };
    if (token === "super-token") return { auth: { userId: "user_2", sessionId: "session_2", isSuper: true } };
    if (token === "expired-token") return { auth: null, atk: "fresh-token" };
    if (token === undefined || level === "none") return { auth: null };
    throw new AppError("forbidden");
  },
};

describe.each(targets)("calls on $name", (target) => {
  let server: TTestServer;
  let plain: TTestServer;

  beforeAll(async () => {
    // System and test calls only: no module here brings an auth resolver.
    const modules = (p: TPlatform) => [createSystemModule(p), testModule];
    server = await startServer(testConfig({ ...target.env, BODY_LIMIT: "4096" }), { modules });
    // The plain server gets its own DATA_DIR: one PGlite folder serves one process at a time.
    plain = await startServer(
      testConfig({ ENVELOPE_ENABLED: "false", DATABASE_URL: target.env.DATABASE_URL }),
      { modules, authResolver: fixedTokens },
    );
  });
  afterAll(async () => {
    await server?.shutdown();
    await plain?.shutdown();
  });

  it("reports health with the adapters in use", async () => {
    const res = await server.get("/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: "ok",
      db: target.name,
      blobs: "fs",
      mail: "outbox",
      realtime: "local",
    });
  });

  it("publishes the client configuration", async () => {
    const res = await server.get("/api/client-config");
    expect(res.status).toBe(200);
    const config = ZClientConfig.parse(res.json);
    expect(config).toEqual({
      languages: ["ko", "en"],
      support: { phone: server.config.support.phone, email: server.config.support.email },
      envelope: {
        enabled: true,
        secret: server.config.envelope.secret,
        salt: server.config.envelope.salt,
        iterations: 10000,
      },
    });
    const plainConfig = ZClientConfig.parse((await plain.get("/api/client-config")).json);
    expect(plainConfig.envelope.enabled).toBe(false);
  });

  it("answers ping and echo through the encrypted envelope", async () => {
    const ping = await server.send(pingCall, {});
    expect(ping.status).toBe(true);
    expect(ping.rescode).toBe(200);
    expect(ping.data).toMatchObject({ pong: true });
    expect(Number.isNaN(Date.parse(String(ping.data?.time)))).toBe(false);

    const echo = await server.send(echoCall, { message: "  hello 안녕  " });
    expect(echo).toMatchObject({ status: true, rescode: 200, data: { message: "hello 안녕" } });

    // The body on the wire is a sealed string, not the payload.
    const body = await server.envelope.wrap({ message: "secret words" });
    expect(typeof body.data).toBe("string");
    expect(String(body.data)).not.toContain("secret");
  });

  it("answers ping and echo in plain mode", async () => {
    const raw = await plain.post(echoCall.path, { data: { message: "plain" } });
    expect(raw.status).toBe(200);
    expect(raw.json).toEqual({ status: true, rescode: 200, data: { message: "plain" } });
    expect((await plain.send(pingCall, {})).status).toBe(true);
  });

  it("refuses invalid input with field errors and the exact messages, in both modes", async () => {
    for (const s of [server, plain]) {
      const res = await s.send(echoCall, { message: "   " });
      expect(res).toEqual({
        status: false,
        rescode: CODES.validation.rescode,
        message: "Please check what you entered.",
        data: { fields: { message: "Please enter a message." } },
      });
    }
    const long = await server.send(echoCall, { message: "x".repeat(201) });
    expect(long.data).toEqual({ fields: { message: "At most 200 characters." } });

    const raw = await plain.post(nestedCall.path, { data: { owner: { name: "a" }, tags: "x", extra: 1 } });
    expect(raw.status).toBe(400);
    expect(raw.json).toMatchObject({
      status: false,
      rescode: CODES.validation.rescode,
      data: { fields: { "owner.name": "Name too short.", tags: expect.any(String) } },
    });
  });

  it("answers an unknown call and unknown API GETs with a JSON envelope", async () => {
    const post = await server.post("/api/nope/request_nothing", { data: {} });
    expect(post.status).toBe(404);
    expect(post.json).toEqual({
      status: false,
      rescode: CODES.unknownCall.rescode,
      data: null,
      message: CODES.unknownCall.message,
    });
    const get = await server.get("/api/nothing-here");
    expect(get.status).toBe(404);
    expect(get.json).toMatchObject({ status: false, rescode: CODES.unknownCall.rescode });
  });

  it("answers bad JSON with badRequest", async () => {
    for (const body of ['{"data": ', "not json at all", ""]) {
      const res = await server.post(pingCall.path, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        status: false,
        rescode: CODES.badRequest.rescode,
        data: null,
        message: CODES.badRequest.message,
      });
    }
    const noData = await server.post(pingCall.path, { payload: {} });
    expect(noData.json).toMatchObject({ status: false, rescode: CODES.badRequest.rescode });
  });

  it("answers ciphertext it cannot open with badRequest", async () => {
    const good = String((await server.envelope.wrap({ message: "hi" })).data);
    const bytes = Buffer.from(good, "base64");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    const tampered = bytes.toString("base64");
    const wrongKey = await sealPayload(await deriveEnvelopeKey("another-secret-entirely", "salt-salt"), {
      message: "hi",
    });
    const truncated = good.slice(0, 16);
    const cases: unknown[] = [
      tampered,
      wrongKey,
      truncated,
      "%%% not base64 %%%",
      { message: "hi" },
      42,
      null,
    ];
    for (const data of cases) {
      const res = await server.post(echoCall.path, { data });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.json).toMatchObject({ status: false, rescode: CODES.badRequest.rescode });
    }
    // The untouched ciphertext still works, so the failures above are the tampering.
    expect((await server.post(echoCall.path, { data: good })).json).toMatchObject({ status: true });
  });

  it("refuses a body over the limit with tooLarge", async () => {
    const res = await server.post(echoCall.path, { data: "A".repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      status: false,
      rescode: CODES.tooLarge.rescode,
      data: null,
      message: CODES.tooLarge.message,
    });
  });

  it("refuses owner and super calls without an auth resolver", async () => {
    const res = await server.send(whoAmICall, {}, "any-token");
    expect(res).toMatchObject({ status: false, rescode: 403, message: "Please log in again." });
    const raw = await server.post(whoAmICall.path, await server.envelope.wrap({}));
    expect(raw.status).toBe(403);
  });

  it("runs owner calls for a resolved caller, refreshes expired tokens with 803, refuses others", async () => {
    expect(await plain.send(whoAmICall, {}, "owner-token")).toMatchObject({
      status: true,
      data: { userId: "user_1" },
    });
    expect(await plain.send(whoAmICall, {}, "bad-token")).toMatchObject({ status: false, rescode: 403 });
    expect(await plain.send(whoAmICall, {})).toMatchObject({ status: false, rescode: 403 });
    expect(await plain.send(superCall, {}, "owner-token")).toMatchObject({ status: false, rescode: 403 });
    expect(await plain.send(superCall, {}, "super-token")).toMatchObject({
      status: true,
      data: { ok: true },
    });
    const refreshed = await plain.post(
      whoAmICall.path,
      { data: {} },
      { authorization: "Bearer expired-token" },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.json).toMatchObject({ status: false, rescode: 803, atk: "fresh-token" });
  });

  it("answers internal, without details, when a handler crashes or breaks its contract", async () => {
    for (const call of [crashCall, brokenOutputCall]) {
      const res = await server.post(call.path, await server.envelope.wrap({}));
      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        status: false,
        rescode: CODES.internal.rescode,
        data: null,
        message: CODES.internal.message,
      });
      expect(res.text).not.toMatch(/select|relation|at .*\.ts|many/);
    }
  });

  it("marks API answers as not cacheable and tags them with a request id", async () => {
    const res = await server.get("/api/health");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
