/**
 * Realtime chat over socket.io, namespace `/ws_user` (SPEC §4, §7). A socket is its access
 * token's user (guard.ts) and sits in that user's room; it can neither claim nor send as anyone
 * else. Alone it works in-process; with `REDIS_URL` the Redis adapter carries messages across
 * server instances.
 */
import type { Server as HttpServer, IncomingMessage } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import {
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type TChatMessage,
  ZChatMessage,
  ZRealtimeUserId,
} from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { Server } from "socket.io";
import type { TConfig } from "../../config";
import type { TAuthResolver } from "../auth";
import { clientIpReader, type TTrustProxyOption } from "../http/client-ip";
import type { TRateLimiter } from "../types";
import { eventGuard, handshakeGuard, payloadAndAck, refuse, type TSocketIdentity } from "./guard";

/** The attached realtime server. */
export interface TRealtime {
  readonly kind: "local" | "redis";
  readonly io: Server;
  /** Delivers `receiveMessage` to every socket of `userId`, on every instance (for server modules). */
  deliver(userId: string, message: TChatMessage): void;
  /** Disconnects every socket and closes the Redis clients; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

/** Room of a user's sockets. */
const roomOf = (userId: string) => `user:${userId}`;
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
  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
    allowRequest: (req, callback) => callback(null, isSameOrigin(req, config.publicUrl)),
    ...(redis ? { adapter: createAdapter(redis.pub, redis.sub) } : {}),
  });
  const nsp = io.of(REALTIME_NAMESPACE);
  // Commands on one connection answer in order: once PING answers, the adapter's subscriptions are live.
  if (redis) await redis.sub.ping().catch(() => undefined);

  const guardDeps = { ...options, clientIp: clientIpReader(options.trustProxy), logger };
  nsp.use(handshakeGuard(guardDeps));

  nsp.on("connection", (socket) => {
    const identity = socket.data as TSocketIdentity;
    socket.join([roomOf(identity.userId), sessionRoomOf(identity.sessionId)]);
    socket.use(eventGuard(guardDeps, socket, identity.ip));
    // Closing the transport (not `disconnect()`) lets the client reconnect and take a fresh lease.
    const lifetime = setTimeout(() => socket.conn.close(), SOCKET_LIFETIME_MS);
    lifetime.unref();
    socket.once("disconnect", () => clearTimeout(lifetime));

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
      // Until the chat product routes messages, a message reaches its sender's other sockets only.
      socket.to(roomOf(identity.userId)).emit(REALTIME_EVENTS.receiveMessage, parsed.data);
      ack?.({ ok: true });
    });
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
    async close() {
      nsp.local.disconnectSockets(true);
      // engine.close ends every transport (also pending long-polls) without closing the HTTP server.
      io.engine.close();
      await Promise.resolve(nsp.adapter.close());
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
