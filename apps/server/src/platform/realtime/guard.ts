/**
 * Who may use the chat socket, and how much. The handshake carries the access token
 * (`auth: {token}`); the dispatcher's auth resolver turns it into a user, so a socket's user is
 * never what the client says. Handshakes are counted per IP; open sockets are capped per user and
 * per IP (a lease taken at connect and given back at disconnect); events are counted per socket
 * and per IP. Counts live in the platform's rate-limit adapter (memory, or Redis across instances).
 */
import type { IncomingMessage } from "node:http";
import {
  AppError,
  REALTIME_EVENTS,
  REALTIME_REFUSALS,
  type TRealtimeAck,
  type TRealtimeRefusal,
  type TRealtimeRefusalData,
} from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Socket } from "socket.io";
import type { TAuthResolver, TRateLimiter } from "../types";

/** Rate-limit buckets of the chat socket (platform/rate-limit/buckets.ts). */
export const REALTIME_BUCKETS = {
  handshakeIp: "ws-handshake-ip",
  openIp: "ws-open-ip",
  openUser: "ws-open-user",
  eventSocket: "ws-event-socket",
  eventIp: "ws-event-ip",
} as const;

/** What the guard needs. */
export interface TRealtimeGuardDeps {
  authResolver: TAuthResolver;
  rateLimits: TRateLimiter;
  clientIp: (request: IncomingMessage) => string;
  logger: FastifyBaseLogger;
}

/** What a socket that passed the handshake carries in `socket.data`. */
export interface TSocketIdentity {
  userId: string;
  sessionId: string;
  /** A super account (an operator) when the socket connected. */
  isSuper: boolean;
  ip: string;
}

const REFUSAL_TEXT: Record<TRealtimeRefusal, string> = {
  unauthorized: "Sign in to use the chat.",
  tooManyConnections: "Too many chat connections: close another window or try again later.",
};

/** A handshake refusal as socket.io sends it: `connect_error` with a message and `data`. */
function refusal(code: TRealtimeRefusal, retryAfterSeconds?: number): Error {
  const data: TRealtimeRefusalData = retryAfterSeconds === undefined ? { code } : { code, retryAfterSeconds };
  return Object.assign(new Error(REFUSAL_TEXT[code]), { data });
}

/** Seconds to wait of a `rateLimited` error; undefined for any other error (rethrown by callers). */
function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof AppError) || error.code !== "rateLimited") return undefined;
  const seconds = error.data?.retryAfterSeconds;
  return typeof seconds === "number" ? seconds : 1;
}

/**
 * Counts one hit of `key` in `bucket`; answers the wait when the limit is reached. A lease that
 * was refused is given back, so a refused socket never holds a place of the cap.
 */
async function take(
  rateLimits: TRateLimiter,
  bucket: string,
  key: string,
  isLease = false,
): Promise<number | undefined> {
  try {
    await rateLimits.consume(bucket, key);
    return undefined;
  } catch (error) {
    const wait = retryAfterOf(error);
    if (wait === undefined) throw error;
    if (isLease) await rateLimits.refund(bucket, key);
    return wait;
  }
}

/** The user of a token; null when it names no live session. Other failures (database down) throw. */
async function userOf(resolver: TAuthResolver, token: unknown): Promise<TSocketIdentity | null> {
  if (typeof token !== "string" || token === "") return null;
  try {
    // An expired token on a live session is as good as a refreshed one: the session row was checked.
    const { auth } = await resolver.authenticate(token, "owner");
    return auth ? { userId: auth.userId, sessionId: auth.sessionId, isSuper: auth.isSuper, ip: "" } : null;
  } catch (error) {
    if (error instanceof AppError && (error.code === "forbidden" || error.code === "userNotFound"))
      return null;
    throw error;
  }
}

/** The namespace middleware: refuses the handshake, or admits the socket with its identity and leases. */
export function handshakeGuard(deps: TRealtimeGuardDeps) {
  const { rateLimits } = deps;
  return async (socket: Socket, next: (error?: Error) => void): Promise<void> => {
    try {
      const ip = deps.clientIp(socket.request);
      const handshakeWait = await take(rateLimits, REALTIME_BUCKETS.handshakeIp, ip);
      if (handshakeWait !== undefined) return next(refusal("tooManyConnections", handshakeWait));
      const auth: unknown = socket.handshake.auth;
      const token =
        typeof auth === "object" && auth !== null ? (auth as { token?: unknown }).token : undefined;
      const user = await userOf(deps.authResolver, token);
      if (!user) return next(refusal(REALTIME_REFUSALS.unauthorized));

      const userWait = await take(rateLimits, REALTIME_BUCKETS.openUser, user.userId, true);
      if (userWait !== undefined) return next(refusal("tooManyConnections", userWait));
      const ipWait = await take(rateLimits, REALTIME_BUCKETS.openIp, ip, true);
      if (ipWait !== undefined) {
        await rateLimits.refund(REALTIME_BUCKETS.openUser, user.userId);
        return next(refusal("tooManyConnections", ipWait));
      }

      let isReleased = false;
      const release = () => {
        if (isReleased) return;
        isReleased = true;
        void Promise.all([
          rateLimits.refund(REALTIME_BUCKETS.openUser, user.userId),
          rateLimits.refund(REALTIME_BUCKETS.openIp, ip),
        ]).catch((error: unknown) =>
          deps.logger.warn({ err: String(error) }, "realtime: lease not given back"),
        );
      };
      // `disconnect` is not emitted for a socket whose transport closed before it connected.
      socket.once("disconnect", release);
      socket.conn.once("close", release);
      const identity: TSocketIdentity = { ...user, ip };
      socket.data = identity;
      next();
    } catch (error) {
      deps.logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        "realtime: handshake failed",
      );
      next(new Error("The service is currently unavailable."));
    }
  };
}

/** Splits socket.io arguments into the payload and the acknowledgement callback, if any. */
export function payloadAndAck(args: unknown[]): {
  payload: unknown;
  ack: ((answer: TRealtimeAck) => void) | undefined;
} {
  const last = args.at(-1);
  const ack = typeof last === "function" ? (last as (answer: TRealtimeAck) => void) : undefined;
  return { payload: args[0], ack };
}

/** Tells the sender why its event was refused: through its ack, or an `error` event. */
export function refuse(
  socket: Socket,
  ack: ((answer: TRealtimeAck) => void) | undefined,
  message: string,
  retryAfterSeconds?: number,
): void {
  const answer: TRealtimeAck =
    retryAfterSeconds === undefined ? { ok: false, message } : { ok: false, message, retryAfterSeconds };
  if (ack) ack(answer);
  else socket.emit(REALTIME_EVENTS.error, { message: answer.message, retryAfterSeconds });
}

/** A socket that goes on sending after this many refusals is a flood: it is disconnected. */
export const MAX_REFUSED_EVENTS = 50;

/**
 * The socket middleware: counts every event per socket and per IP, refusing those past the
 * limit; a socket that ignores `MAX_REFUSED_EVENTS` refusals is disconnected, so a flood costs
 * the server one answer per refusal at most that many times.
 */
export function eventGuard(deps: TRealtimeGuardDeps, socket: Socket, ip: string) {
  const { rateLimits } = deps;
  let refused = 0;
  return (packet: unknown[], next: (error?: Error) => void): void => {
    void (async () => {
      const wait =
        (await take(rateLimits, REALTIME_BUCKETS.eventSocket, socket.id)) ??
        (await take(rateLimits, REALTIME_BUCKETS.eventIp, ip));
      if (wait === undefined) return next();
      refused += 1;
      if (refused > MAX_REFUSED_EVENTS) {
        if (socket.connected) socket.disconnect(true);
        return;
      }
      const { ack } = payloadAndAck(packet.slice(1));
      refuse(socket, ack, `Too many messages: try again in ${wait} seconds.`, wait);
    })().catch((error: unknown) => {
      deps.logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        "realtime: event refused",
      );
      const { ack } = payloadAndAck(packet.slice(1));
      refuse(socket, ack, "The service is currently unavailable.");
    });
  };
}
