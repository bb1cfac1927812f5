/**
 * Realtime chat over socket.io, namespace `/ws_user` (SPEC §4, §7). Alone it works in-process;
 * with `REDIS_URL` the Redis adapter carries messages across server instances.
 */
import type { Server as HttpServer, IncomingMessage } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import {
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type TRealtimeAck,
  ZChatMessage,
  ZRealtimeUserId,
} from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import type { z } from "zod";
import type { TConfig } from "../../config";

/** The attached realtime server. */
export interface TRealtime {
  readonly kind: "local" | "redis";
  readonly io: Server;
  /** Disconnects every socket and closes the Redis clients; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

/** Room of a user's sockets. */
const roomOf = (userId: string) => `user:${userId}`;

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

/** Splits socket.io arguments into the payload and the acknowledgement callback, if any. */
function payloadAndAck(args: unknown[]): {
  payload: unknown;
  ack: ((answer: TRealtimeAck) => void) | undefined;
} {
  const last = args.at(-1);
  const ack = typeof last === "function" ? (last as (answer: TRealtimeAck) => void) : undefined;
  return { payload: args[0], ack };
}

/** Tells the sender why its event was refused: through its ack, or an `error` event. */
function refuse(socket: Socket, ack: ((answer: TRealtimeAck) => void) | undefined, error: z.ZodError): void {
  const message = error.issues[0]?.message ?? "Invalid message.";
  if (ack) ack({ ok: false, message });
  else socket.emit(REALTIME_EVENTS.error, { message });
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

/** Attaches socket.io to `server` and binds the chat events. */
export async function attachRealtime(
  server: HttpServer,
  config: TConfig,
  logger: FastifyBaseLogger,
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

  nsp.on("connection", (socket) => {
    socket.on(REALTIME_EVENTS.setUserId, (...args: unknown[]) => {
      const { payload, ack } = payloadAndAck(args);
      const parsed = ZRealtimeUserId.safeParse(payload);
      if (!parsed.success) return refuse(socket, ack, parsed.error);
      const previous: unknown = socket.data.userId;
      if (typeof previous === "string" && previous !== parsed.data) socket.leave(roomOf(previous));
      socket.data.userId = parsed.data;
      socket.join(roomOf(parsed.data));
      ack?.({ ok: true });
    });
    socket.on(REALTIME_EVENTS.sendMessage, (...args: unknown[]) => {
      const { payload, ack } = payloadAndAck(args);
      const parsed = ZChatMessage.safeParse(payload);
      if (!parsed.success) return refuse(socket, ack, parsed.error);
      nsp.to(roomOf(parsed.data.userid)).emit(REALTIME_EVENTS.receiveMessage, parsed.data);
      ack?.({ ok: true });
    });
  });
  logger.info({ realtime: redis ? "redis" : "local", namespace: REALTIME_NAMESPACE }, "realtime attached");

  return {
    kind: redis ? "redis" : "local",
    io,
    async close() {
      nsp.local.disconnectSockets(true);
      // engine.close ends every transport (also pending long-polls) without closing the HTTP server.
      io.engine.close();
      await Promise.resolve(nsp.adapter.close());
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
