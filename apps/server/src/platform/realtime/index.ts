/**
 * Realtime chat over socket.io, namespace `/ws_user` (SPEC §4, §7). A socket is its access
 * token's user (guard.ts) and sits in that user's room; it can neither claim nor send as anyone
 * else. Alone it works in-process; with `REDIS_URL` the Redis adapter carries messages across
 * server instances.
 */
import type { Server as HttpServer, IncomingMessage } from "node:http";
import {
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type TChatMessage,
  type TRealtimeAck,
  ZChatMessage,
  ZRealtimeUserId,
} from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import type { TConfig } from "../../config";
import { clientIpReader, type TTrustProxyOption } from "../http/client-ip";
import type { TAuthResolver, TRateLimiter } from "../types";
import { eventGuard, handshakeGuard, payloadAndAck, refuse, type TSocketIdentity } from "./guard";

/** What a module (the chat) does with the sockets; every handler gets the token's identity only. */
export interface TRealtimeHandlers {
  /** Runs for each admitted socket, after it joined its user's rooms. */
  connection?(socket: Socket, identity: TSocketIdentity): void;
  /** Runs when an admitted socket has gone. */
  disconnect?(socket: Socket, identity: TSocketIdentity): void;
  /** Routes a checked `sendMessage` (its userid is the token's, its text trimmed and non-empty). */
  message?(identity: TSocketIdentity, message: TChatMessage): Promise<TRealtimeAck>;
  /** Other events by name; the answer goes to the ack, if the client asked for one. */
  events?: Record<string, (identity: TSocketIdentity, payload: unknown) => Promise<TRealtimeAck>>;
}

/** The attached realtime server. */
export interface TRealtime {
  readonly kind: "local" | "redis";
  readonly io: Server;
  /** Delivers `receiveMessage` to every socket of `userId`, on every instance (for server modules). */
  deliver(userId: string, message: TChatMessage): void;
  /** Emits `event` to every socket in `room` on every instance (`userRoom(id)`, or a module's room). */
  emit(room: string, event: string, payload: unknown): void;
  /** How many sockets are in `room`, over every instance. */
  count(room: string): Promise<number>;
  /** Lets a module route the chat's events; called once, before the server listens. */
  use(handlers: TRealtimeHandlers): void;
  /** Disconnects every socket and closes the Redis clients; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

/** Room of a user's sockets. */
export const userRoom = (userId: string) => `user:${userId}`;
const roomOf = userRoom;
/** Room of the sockets opened with one session's tokens. */
const sessionRoomOf = (sessionId: string) => `session:${sessionId}`;

/** The refusal of a user id that is not the token's. */
const NOT_YOURS = "This user id is not yours: sign in as that user.";

/** Chat messages are short; a bigger frame is refused by the transport. */
const MAX_FRAME_BYTES = 64 * 1024;

/** Same origin only: browsers must come from this host or the public URL; non-browser peers send no Origin. */
function isSameOrigin(req: IncomingMessage, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === req.headers.host || url.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** Connects the two Redis clients of the adapter; fails fast when Redis does not answer. */
async function connectRedis(url: string): Promise<{ pub: Redis; sub: Redis }> {
  // Imported only with REDIS_URL, not at every start (bench/README.md, server-memory).
  const { Redis } = await import("ioredis");
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw error;
  }
  return { pub, sub };
}

/** Who the sockets are and how much they may do. */
export interface TRealtimeOptions {
  authResolver: TAuthResolver;
  rateLimits: TRateLimiter;
  /** Fastify's `trustProxy`, so a socket's IP is read as the HTTP calls' is. */
  trustProxy: TTrustProxyOption;
}

/** A socket is disconnected after this long, so its open-socket lease never outlives its count. */
const SOCKET_LIFETIME_MS = 60 * 60 * 1000;

/** Attaches socket.io to `server` and binds the chat events. */
export async function attachRealtime(
  server: HttpServer,
  config: TConfig,
  logger: FastifyBaseLogger,
  options: TRealtimeOptions,
): Promise<TRealtime> {
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  const createAdapter = redis ? (await import("@socket.io/redis-adapter")).createAdapter : undefined;
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
    allowRequest: (req, callback) => callback(null, isSameOrigin(req, config.publicUrl)),
    ...(redis && createAdapter ? { adapter: createAdapter(redis.pub, redis.sub) } : {}),
  });
  const nsp = io.of(REALTIME_NAMESPACE);
  // Commands on one connection answer in order: once PING answers, the adapter's subscriptions are live.
  if (redis) await redis.sub.ping().catch(() => undefined);

  const guardDeps = { ...options, clientIp: clientIpReader(options.trustProxy), logger };
  nsp.use(handshakeGuard(guardDeps));
  let handlers: TRealtimeHandlers = {};
  /** Runs a module's handler and answers its ack; a failure is logged and answered as an outage. */
  const answer = (
    socket: Socket,
    ack: ((a: TRealtimeAck) => void) | undefined,
    work: () => Promise<TRealtimeAck>,
  ) => {
    work().then(
      (result) => {
        if (result.ok) ack?.(result);
        else refuse(socket, ack, result.message, result.retryAfterSeconds);
      },
      (error: unknown) => {
        logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          "realtime: handler failed",
        );
        refuse(socket, ack, "The service is currently unavailable.");
      },
    );
  };

  nsp.on("connection", (socket) => {
    const identity = socket.data as TSocketIdentity;
    socket.join([roomOf(identity.userId), sessionRoomOf(identity.sessionId)]);
    socket.use(eventGuard(guardDeps, socket, identity.ip));
    // Closing the transport (not `disconnect()`) lets the client reconnect and take a fresh lease.
    const lifetime = setTimeout(() => socket.conn.close(), SOCKET_LIFETIME_MS);
    lifetime.unref();
    socket.once("disconnect", () => {
      clearTimeout(lifetime);
      handlers.disconnect?.(socket, identity);
    });

    socket.on(REALTIME_EVENTS.setUserId, (...args: unknown[]) => {
      const { payload, ack } = payloadAndAck(args);
      const parsed = ZRealtimeUserId.safeParse(payload);
      if (!parsed.success) return refuse(socket, ack, parsed.error.issues[0]?.message ?? "Invalid user id.");
      // SPEC §7 keeps the event; the id only confirms the token's user, it never changes it.
      if (parsed.data !== identity.userId) return refuse(socket, ack, NOT_YOURS);
      ack?.({ ok: true });
    });
    socket.on(REALTIME_EVENTS.sendMessage, (...args: unknown[]) => {
      const { payload, ack } = payloadAndAck(args);
      const parsed = ZChatMessage.safeParse(payload);
      if (!parsed.success) return refuse(socket, ack, parsed.error.issues[0]?.message ?? "Invalid message.");
      if (parsed.data.userid !== identity.userId) return refuse(socket, ack, NOT_YOURS);
      const route = handlers.message;
      if (route) return answer(socket, ack, () => route(identity, parsed.data));
      // With no module routing messages, a message reaches its sender's other sockets only.
      socket.to(roomOf(identity.userId)).emit(REALTIME_EVENTS.receiveMessage, parsed.data);
      ack?.({ ok: true });
    });
    for (const [event, handler] of Object.entries(handlers.events ?? {})) {
      socket.on(event, (...args: unknown[]) => {
        const { payload, ack } = payloadAndAck(args);
        answer(socket, ack, () => handler(identity, payload));
      });
    }
    handlers.connection?.(socket, identity);
  });
  // A socket is only as good as its session: sign-out, a password change or a deleted account
  // closes its sockets, on every instance (the adapter carries the request).
  options.authResolver.onSessionsEnded?.((sessionIds) => {
    nsp.in(sessionIds.map(sessionRoomOf)).disconnectSockets(true);
  });
  logger.info({ realtime: redis ? "redis" : "local", namespace: REALTIME_NAMESPACE }, "realtime attached");

  return {
    kind: redis ? "redis" : "local",
    io,
    deliver(userId, message) {
      nsp.to(roomOf(userId)).emit(REALTIME_EVENTS.receiveMessage, message);
    },
    emit(room, event, payload) {
      nsp.to(room).emit(event, payload);
    },
    async count(room) {
      return (await nsp.in(room).fetchSockets()).length;
    },
    use(next) {
      handlers = next;
    },
    async close() {
      nsp.local.disconnectSockets(true);
      // engine.close ends every transport (also pending long-polls) without closing the HTTP server.
      io.engine.close();
      await Promise.resolve(nsp.adapter.close());
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
