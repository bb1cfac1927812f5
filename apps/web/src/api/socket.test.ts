// @vitest-environment node
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { REALTIME_EVENTS, REALTIME_NAMESPACE } from "@vitrine/contract";
import { Server } from "socket.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatSocket, SOCKET_OPTIONS } from "./socket";

type TEvent = { event: string; payload: unknown };

const httpServer = createServer();
const io = new Server(httpServer);
const events: TEvent[] = [];
let origin = "";

beforeAll(async () => {
  // Like the real server: a handshake without a token is refused.
  io.of(REALTIME_NAMESPACE).use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token = typeof auth === "object" && auth !== null ? (auth as { token?: unknown }).token : undefined;
    if (typeof token !== "string" || token === "") return next(new Error("Sign in to use the chat."));
    next();
  });
  io.of(REALTIME_NAMESPACE).on("connection", (socket) => {
    events.push({ event: "connection", payload: socket.handshake.auth });
    socket.on(REALTIME_EVENTS.setUserId, (userId: unknown) => {
      events.push({ event: REALTIME_EVENTS.setUserId, payload: userId });
    });
    socket.on(REALTIME_EVENTS.sendMessage, (message: unknown) => {
      events.push({ event: REALTIME_EVENTS.sendMessage, payload: message });
      socket.emit(REALTIME_EVENTS.receiveMessage, { userid: "support", message: "Hello back" });
    });
    socket.on("disconnect", () => events.push({ event: "disconnect", payload: null }));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
}

describe("chat socket", () => {
  it("sends nothing and does not connect while userid or message is blank", async () => {
    const chat = createChatSocket(origin, () => "token-1");
    expect(chat.send("   ", "hello")).toBe(false);
    expect(chat.send("user_1", "  \n ")).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(events.filter((e) => e.event === "connection")).toHaveLength(0);
    expect(chat.isConnected()).toBe(false);
    chat.close();
  });

  it("connects on first send with the token, announces the user, sends, receives, then disconnects", async () => {
    const chat = createChatSocket(origin, () => "token-1");
    const received: unknown[] = [];
    chat.onMessage((m) => received.push(m));
    expect(chat.send(" user_1 ", " Hi there ")).toBe(true);
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual({ userid: "support", message: "Hello back" });
    expect(events.filter((e) => e.event !== "disconnect").map((e) => [e.event, e.payload])).toEqual([
      ["connection", { token: "token-1" }],
      [REALTIME_EVENTS.setUserId, "user_1"],
      [REALTIME_EVENTS.sendMessage, { userid: "user_1", message: "Hi there" }],
    ]);
    await waitFor(() => events.some((e) => e.event === "disconnect"));
    expect(chat.isConnected()).toBe(false);
    chat.close();
  });

  it("reads the token again at each connection, and keeps the reconnect settings of SPEC §9", async () => {
    events.length = 0;
    let token = "token-1";
    const chat = createChatSocket(origin, () => token);
    chat.send("user_1", "first");
    await waitFor(() => events.some((e) => e.event === "disconnect"));
    token = "token-2";
    chat.send("user_1", "second");
    await waitFor(() => events.filter((e) => e.event === "disconnect").length === 2);
    expect(events.filter((e) => e.event === "connection").map((e) => e.payload)).toEqual([
      { token: "token-1" },
      { token: "token-2" },
    ]);
    expect(SOCKET_OPTIONS).toMatchObject({
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20_000,
    });
    chat.close();
  });
});
