/**
 * The chat socket (`/ws_user`, SPEC §4/§7) with real socket.io clients against the real server:
 * the access token in the handshake is the socket's only identity (no token, a revoked one or a
 * claim of another user's id is refused, and nobody receives another user's messages), events
 * are rate limited per socket and per IP, open sockets are capped per user and per IP, and the
 * same holds across two instances through Redis.
 */
import {
  logoutCall,
  REALTIME_NAMESPACE,
  type TChatMessage,
  type TRealtimeAck,
  type TRealtimeRefusalData,
} from "@vitrine/contract";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccountsModule } from "../../src/modules/accounts/routes";
import { RATE_BUCKETS } from "../../src/platform/rate-limit/index";
import { MAX_REFUSED_EVENTS, REALTIME_BUCKETS } from "../../src/platform/realtime/guard";
import {
  createUser,
  startAccountsServer,
  type TAccountsTestServer,
  type TTestUser,
  uniqueIp,
} from "../support/factories";
import { startServer, type TTestServer } from "./harness";

// Every server opens a database and runs its migrations: slow on a busy machine, never hung.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const REDIS_URL = process.env.REDIS_URL;
const sockets: Socket[] = [];
const USER_CAP = RATE_BUCKETS[REALTIME_BUCKETS.openUser]?.points ?? 0;
const IP_CAP = RATE_BUCKETS[REALTIME_BUCKETS.openIp]?.points ?? 0;
const SOCKET_EVENTS = RATE_BUCKETS[REALTIME_BUCKETS.eventSocket]?.points ?? 0;
const IP_EVENTS = RATE_BUCKETS[REALTIME_BUCKETS.eventIp]?.points ?? 0;

/** How a client connects: its token, the IP it comes from (the server trusts X-Forwarded-For here). */
interface TConnectOptions {
  token?: string;
  ip?: string;
  origin?: string;
}

function client(server: TTestServer, options: TConnectOptions): Socket {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? "127.0.0.1" };
  if (options.origin) headers.origin = options.origin;
  const socket = io(`${server.baseUrl}${REALTIME_NAMESPACE}`, {
    reconnection: false,
    transports: ["websocket"],
    extraHeaders: headers,
    ...(options.token === undefined ? {} : { auth: { token: options.token } }),
  });
  sockets.push(socket);
  return socket;
}

/** Connects and waits until connected; rejects with the `connect_error`. */
async function connect(server: TTestServer, options: TConnectOptions): Promise<Socket> {
  const socket = client(server, options);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => reject(error));
  });
  return socket;
}

/** The refusal of a handshake: its message and data. */
async function refusal(
  server: TTestServer,
  options: TConnectOptions,
): Promise<{ message: string; data: unknown }> {
  const socket = client(server, options);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("connected, but a refusal was expected")));
    socket.once("connect_error", (error: Error & { data?: unknown }) =>
      resolve({ message: error.message, data: error.data }),
    );
  });
}

/** Collects `receiveMessage` events of a socket; `next()` resolves with the next one. */
function inbox(socket: Socket) {
  const received: TChatMessage[] = [];
  const waiters: Array<(m: TChatMessage) => void> = [];
  socket.on("receiveMessage", (message: TChatMessage) => {
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  return {
    next: () =>
      new Promise<TChatMessage>((resolve) => {
        const queued = received.shift();
        if (queued) resolve(queued);
        else waiters.push(resolve);
      }),
  };
}

/** Disconnects a client and waits until the server has let its socket go. */
async function hangUp(server: TTestServer, socket: Socket): Promise<void> {
  const id = socket.id;
  socket.disconnect();
  const nsp = server.built.realtime.io.of(REALTIME_NAMESPACE);
  while (id && nsp.sockets.has(id)) await new Promise((r) => setTimeout(r, 10));
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

const unauthorized = {
  message: "Sign in to use the chat.",
  data: { code: "unauthorized" } satisfies TRealtimeRefusalData,
};
const tooMany = {
  message: "Too many chat connections: close another window or try again later.",
  data: { code: "tooManyConnections", retryAfterSeconds: expect.any(Number) },
};

describe("realtime chat on one instance", () => {
  let t: TAccountsTestServer;
  let alice: TTestUser;
  let bob: TTestUser;
  beforeAll(async () => {
    t = await startAccountsServer({ REDIS_URL: "" });
    alice = await createUser(t.platform.database.db);
    bob = await createUser(t.platform.database.db);
  });
  afterAll(() => t?.shutdown());

  it("refuses a handshake without a token, with a forged one, or with a revoked session's", async () => {
    const ip = uniqueIp();
    expect(await refusal(t.server, { ip })).toEqual(unauthorized);
    expect(await refusal(t.server, { ip, token: "not-a-token" })).toEqual(unauthorized);
    const token = await t.signIn(alice);
    await connect(t.server, { ip, token });
    await t.call(logoutCall, {}, { token });
    expect(await refusal(t.server, { ip, token })).toEqual(unauthorized);
  });

  it("closes a session's sockets when it signs out, and only that session's", async () => {
    const ip = uniqueIp();
    const ending = await t.signIn(alice);
    const staying = await t.signIn(alice);
    const doomed = await connect(t.server, { ip, token: ending });
    const kept = await connect(t.server, { ip, token: staying });
    const closed = new Promise<string>((resolve) => doomed.once("disconnect", resolve));
    await t.call(logoutCall, {}, { token: ending });
    expect(await closed).toBe("io server disconnect");
    const keptInbox = inbox(kept);
    t.server.built.realtime.deliver(alice.userId, { userid: alice.userId, message: "still here" });
    expect(await keptInbox.next()).toEqual({ userid: alice.userId, message: "still here" });
  });

  it("refuses another user's id in setUserId and sendMessage, and delivers nothing for it", async () => {
    const ip = uniqueIp();
    const aliceToken = await t.signIn(alice);
    const bobToken = await t.signIn(bob);
    const aliceTab = await connect(t.server, { ip, token: aliceToken });
    const bobSocket = await connect(t.server, { ip, token: bobToken });
    const aliceInbox = inbox(aliceTab);
    const bobInbox = inbox(bobSocket);

    const notYours = { ok: false, message: "This user id is not yours: sign in as that user." };
    expect(await bobSocket.emitWithAck("setUserId", alice.userId)).toEqual(notYours);
    expect(await bobSocket.emitWithAck("sendMessage", { userid: alice.userId, message: "as alice" })).toEqual(
      notYours,
    );
    expect(await bobSocket.emitWithAck("setUserId", bob.userId)).toEqual({ ok: true });

    // Alice's first message is from her own other window: Bob's forgery never reached her.
    const aliceOther = await connect(t.server, { ip, token: aliceToken });
    expect(
      await aliceOther.emitWithAck("sendMessage", { userid: alice.userId, message: " hi me " }),
    ).toMatchObject({
      ok: true,
    });
    // The chat stores it and delivers it with its stored facts (id, sender, time).
    expect(await aliceInbox.next()).toMatchObject({
      userid: alice.userId,
      message: "hi me",
      sender: "owner",
    });

    // What the server delivers to Alice reaches Alice only: Bob's first message is his own.
    t.server.built.realtime.deliver(alice.userId, { userid: alice.userId, message: "for alice" });
    expect(await aliceInbox.next()).toEqual({ userid: alice.userId, message: "for alice" });
    t.server.built.realtime.deliver(bob.userId, { userid: bob.userId, message: "for bob" });
    expect(await bobInbox.next()).toEqual({ userid: bob.userId, message: "for bob" });
  });

  it("refuses blank user ids and messages, through the ack or an error event", async () => {
    const token = await t.signIn(alice);
    const socket = await connect(t.server, { ip: uniqueIp(), token });
    expect(await socket.emitWithAck("sendMessage", { userid: alice.userId, message: " \n\t " })).toEqual({
      ok: false,
      message: "A message is required.",
    });
    expect(await socket.emitWithAck("sendMessage", "not an object")).toMatchObject({ ok: false });
    expect(await socket.emitWithAck("setUserId", "  ")).toEqual({
      ok: false,
      message: "A user id is required.",
    });
    const error = new Promise<unknown>((resolve) => socket.once("error", resolve));
    socket.emit("sendMessage", { userid: alice.userId, message: "" });
    expect(await error).toEqual({ message: "A message is required." });
  });

  it("refuses browsers from another origin", async () => {
    const token = await t.signIn(alice);
    await expect(connect(t.server, { token, origin: "https://evil.example" })).rejects.toThrow();
    expect((await connect(t.server, { token, origin: t.server.baseUrl })).connected).toBe(true);
  });

  it(`stops a socket's events past ${SOCKET_EVENTS} with a clear error and the wait`, async () => {
    const token = await t.signIn(alice);
    const socket = await connect(t.server, { ip: uniqueIp(), token });
    const answers: TRealtimeAck[] = [];
    for (let i = 0; i < SOCKET_EVENTS + 5; i++) {
      answers.push(await socket.emitWithAck("sendMessage", { userid: alice.userId, message: `m${i}` }));
    }
    expect(answers.filter((a) => a.ok)).toHaveLength(SOCKET_EVENTS);
    expect(answers.at(-1)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Too many messages: try again in \d+ seconds\.$/),
      retryAfterSeconds: expect.any(Number),
    });
  });

  it("disconnects a socket that floods on after its refusals, delivering only what the limit allows", async () => {
    const token = await t.signIn(alice);
    const flooder = await connect(t.server, { ip: uniqueIp(), token });
    const other = await connect(t.server, { ip: uniqueIp(), token });
    let delivered = 0;
    other.on("receiveMessage", () => {
      delivered += 1;
    });
    const closed = new Promise<string>((resolve) => flooder.once("disconnect", resolve));
    for (let i = 0; i < SOCKET_EVENTS + MAX_REFUSED_EVENTS + 50; i++) {
      flooder.emit("sendMessage", { userid: alice.userId, message: `flood ${i}` });
    }
    expect(await closed).toBe("io server disconnect");
    // The other window's next message is its own marker: nothing past the limit slipped through.
    const marker = inbox(other);
    t.server.built.realtime.deliver(alice.userId, { userid: alice.userId, message: "marker" });
    // The chat stores each accepted message before delivering it, so some may still arrive first.
    let next = await marker.next();
    while (next.message !== "marker") next = await marker.next();
    expect(next).toEqual({ userid: alice.userId, message: "marker" });
    // Counted with the marker; events still in flight when the flooder was cut off may be dropped.
    expect(delivered).toBeLessThanOrEqual(SOCKET_EVENTS + 1);
  });

  it(`stops an IP's events past ${IP_EVENTS}, whatever socket they come from`, async () => {
    const ip = uniqueIp();
    const token = await t.signIn(alice);
    const perSocket = SOCKET_EVENTS - 1;
    const count = Math.ceil((IP_EVENTS + 1) / perSocket);
    let accepted = 0;
    let refused = 0;
    for (let s = 0; s < count; s++) {
      const socket = await connect(t.server, { ip, token });
      for (let i = 0; i < perSocket; i++) {
        const ack: TRealtimeAck = await socket.emitWithAck("setUserId", alice.userId);
        if (ack.ok) accepted++;
        else refused++;
      }
      await hangUp(t.server, socket);
    }
    expect(accepted).toBe(IP_EVENTS);
    expect(refused).toBe(count * perSocket - IP_EVENTS);
  });

  it(`holds ${USER_CAP} open sockets per user, and frees a place when one closes`, async () => {
    const token = await t.signIn(bob);
    const open: Socket[] = [];
    for (let i = 0; i < USER_CAP; i++) open.push(await connect(t.server, { ip: uniqueIp(), token }));
    expect(await refusal(t.server, { ip: uniqueIp(), token })).toEqual(tooMany);
    const first = open[0];
    if (first) await hangUp(t.server, first);
    expect((await connect(t.server, { ip: uniqueIp(), token })).connected).toBe(true);
    for (const socket of open) await hangUp(t.server, socket);
  });

  it(`holds ${IP_CAP} open sockets per IP, whatever users they are`, async () => {
    const ip = uniqueIp();
    const db = t.platform.database.db;
    let opened = 0;
    while (opened < IP_CAP) {
      const token = await t.signIn(await createUser(db));
      for (let i = 0; i < Math.min(USER_CAP, IP_CAP - opened); i++, opened++)
        await connect(t.server, { ip, token });
    }
    const fresh = await t.signIn(await createUser(db));
    expect(await refusal(t.server, { ip, token: fresh })).toEqual(tooMany);
    expect((await connect(t.server, { ip: uniqueIp(), token: fresh })).connected).toBe(true);
  });
});

describe.skipIf(!REDIS_URL)(
  `realtime chat across two instances through Redis${REDIS_URL ? "" : " (skipped: REDIS_URL is not set)"}`,
  () => {
    let t: TAccountsTestServer;
    let b: TTestServer;
    let alice: TTestUser;
    let bob: TTestUser;
    beforeAll(async () => {
      t = await startAccountsServer({ REDIS_URL });
      // A second instance on the same database, secrets and Redis.
      b = await startServer(t.server.config, {
        platform: t.platform,
        trustProxy: true,
        webDistDir: null,
        modules: (p) => [createAccountsModule(p)],
      });
      alice = await createUser(t.platform.database.db);
      bob = await createUser(t.platform.database.db);
    });
    afterAll(async () => {
      await b?.shutdown();
      await t?.shutdown();
    });

    it("reports the Redis adapter in health", async () => {
      expect((await b.get("/api/health")).json).toMatchObject({ realtime: "redis" });
    });

    it("refuses a handshake without a token on either instance", async () => {
      expect(await refusal(t.server, { ip: uniqueIp() })).toEqual(unauthorized);
      expect(await refusal(b, { ip: uniqueIp() })).toEqual(unauthorized);
    });

    it("delivers a user's message to that user's socket on the other instance, and to nobody else", async () => {
      const aliceToken = await t.signIn(alice);
      const bobToken = await t.signIn(bob);
      const aliceOnB = await connect(b, { ip: uniqueIp(), token: aliceToken });
      const bobOnB = await connect(b, { ip: uniqueIp(), token: bobToken });
      const aliceOnA = await connect(t.server, { ip: uniqueIp(), token: aliceToken });
      const bobOnA = await connect(t.server, { ip: uniqueIp(), token: bobToken });
      const aliceInbox = inbox(aliceOnB);
      const bobInbox = inbox(bobOnB);

      expect(await bobOnA.emitWithAck("setUserId", alice.userId)).toMatchObject({ ok: false });
      expect(
        await bobOnA.emitWithAck("sendMessage", { userid: alice.userId, message: "forged" }),
      ).toMatchObject({
        ok: false,
      });
      expect(
        await aliceOnA.emitWithAck("sendMessage", { userid: alice.userId, message: "across" }),
      ).toMatchObject({
        ok: true,
      });
      expect(await aliceInbox.next()).toMatchObject({ userid: alice.userId, message: "across" });
      t.server.built.realtime.deliver(bob.userId, { userid: bob.userId, message: "for bob" });
      expect(await bobInbox.next()).toEqual({ userid: bob.userId, message: "for bob" });
    });

    it("closes a socket on instance B when its session signs out through instance A", async () => {
      const token = await t.signIn(alice);
      const onB = await connect(b, { ip: uniqueIp(), token });
      const closed = new Promise<string>((resolve) => onB.once("disconnect", resolve));
      await t.call(logoutCall, {}, { token });
      expect(await closed).toBe("io server disconnect");
    });

    it("caps a user's open sockets across both instances", async () => {
      const token = await t.signIn(bob);
      for (let i = 0; i < USER_CAP; i++) {
        await connect(i % 2 === 0 ? t.server : b, { ip: uniqueIp(), token });
      }
      expect(await refusal(b, { ip: uniqueIp(), token })).toEqual(tooMany);
      expect(await refusal(t.server, { ip: uniqueIp(), token })).toEqual(tooMany);
    });

    it("stops an IP's events across both instances", async () => {
      const ip = uniqueIp();
      const token = await t.signIn(alice);
      let accepted = 0;
      for (let s = 0; accepted < IP_EVENTS + 1 && s < 20; s++) {
        const socket = await connect(s % 2 === 0 ? t.server : b, { ip, token });
        for (let i = 0; i < SOCKET_EVENTS - 1; i++) {
          const ack: TRealtimeAck = await socket.emitWithAck("setUserId", alice.userId);
          if (ack.ok) accepted++;
        }
        socket.disconnect();
      }
      expect(accepted).toBe(IP_EVENTS);
    });
  },
);
