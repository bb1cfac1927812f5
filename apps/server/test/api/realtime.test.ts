/**
 * The chat socket (`/ws_user`, SPEC §4/§7) with real socket.io clients: delivery to the user's
 * sockets, refusal of blank messages, same-origin only, and delivery across two server
 * instances through Redis.
 */
import { REALTIME_NAMESPACE, type TChatMessage, type TRealtimeAck } from "@vitrine/contract";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config";
import { startServer, type TTestServer } from "./harness";

// Every server opens a database and runs its migrations: slow on a busy machine, never hung.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const REDIS_URL = process.env.REDIS_URL;
const sockets: Socket[] = [];

/** Connects a chat client to `server` and waits until it is connected. */
async function connect(server: TTestServer, origin?: string): Promise<Socket> {
  const socket = io(`${server.baseUrl}${REALTIME_NAMESPACE}`, {
    reconnection: false,
    transports: ["websocket"],
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => reject(error));
  });
  return socket;
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

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe("realtime chat on one instance", () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startServer(testConfig());
  });
  afterAll(() => server?.shutdown());

  it("delivers a message to the sockets of its user only", async () => {
    const bob = await connect(server);
    const carol = await connect(server);
    const alice = await connect(server);
    const bobInbox = inbox(bob);
    const carolInbox = inbox(carol);
    expect(await bob.emitWithAck("setUserId", "user_bob")).toEqual({ ok: true });
    expect(await carol.emitWithAck("setUserId", "user_carol")).toEqual({ ok: true });

    const ack: TRealtimeAck = await alice.emitWithAck("sendMessage", {
      userid: "user_bob",
      message: "  hello bob ",
    });
    expect(ack).toEqual({ ok: true });
    expect(await bobInbox.next()).toEqual({ userid: "user_bob", message: "hello bob" });

    // Carol's first message is her own: Bob's never reached her.
    await alice.emitWithAck("sendMessage", { userid: "user_carol", message: "hi carol" });
    expect(await carolInbox.next()).toEqual({ userid: "user_carol", message: "hi carol" });
  });

  it("refuses messages whose user id or text is blank after trimming, and delivers nothing", async () => {
    const bob = await connect(server);
    const alice = await connect(server);
    const bobInbox = inbox(bob);
    await bob.emitWithAck("setUserId", "user_bob");

    expect(await alice.emitWithAck("sendMessage", { userid: "   ", message: "hello" })).toEqual({
      ok: false,
      message: "A user id is required.",
    });
    expect(await alice.emitWithAck("sendMessage", { userid: "user_bob", message: " \n\t " })).toEqual({
      ok: false,
      message: "A message is required.",
    });
    expect(await alice.emitWithAck("sendMessage", "not an object")).toMatchObject({ ok: false });
    expect(await bob.emitWithAck("setUserId", "  ")).toEqual({
      ok: false,
      message: "A user id is required.",
    });

    // Without an acknowledgement the refusal arrives as an `error` event.
    const refusal = new Promise<unknown>((resolve) => alice.once("error", resolve));
    alice.emit("sendMessage", { userid: "user_bob", message: "" });
    expect(await refusal).toEqual({ message: "A message is required." });

    // Bob's first delivered message is the valid one sent after all the refused ones.
    await alice.emitWithAck("sendMessage", { userid: "user_bob", message: "valid" });
    expect(await bobInbox.next()).toEqual({ userid: "user_bob", message: "valid" });
  });

  it("refuses browsers from another origin", async () => {
    await expect(connect(server, "https://evil.example")).rejects.toThrow();
    const same = await connect(server, server.baseUrl);
    expect(same.connected).toBe(true);
  });
});

describe.skipIf(!REDIS_URL)(
  `realtime chat across two instances through Redis${REDIS_URL ? "" : " (skipped: REDIS_URL is not set)"}`,
  () => {
    let a: TTestServer;
    let b: TTestServer;
    beforeAll(async () => {
      a = await startServer(testConfig({ REDIS_URL }));
      b = await startServer(testConfig({ REDIS_URL }));
    });
    afterAll(async () => {
      await a?.shutdown();
      await b?.shutdown();
    });

    it("reports the Redis adapter in health", async () => {
      expect((await a.get("/api/health")).json).toMatchObject({ realtime: "redis" });
    });

    it("delivers a message sent through instance A to a client of instance B", async () => {
      const userId = `user_${crypto.randomUUID()}`;
      const onB = await connect(b);
      const onA = await connect(a);
      const bInbox = inbox(onB);
      await onB.emitWithAck("setUserId", userId);

      expect(await onA.emitWithAck("sendMessage", { userid: userId, message: "   " })).toMatchObject({
        ok: false,
      });
      expect(await onA.emitWithAck("sendMessage", { userid: userId, message: "across instances" })).toEqual({
        ok: true,
      });
      expect(await bInbox.next()).toEqual({ userid: userId, message: "across instances" });
    });
  },
);
