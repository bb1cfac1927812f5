/**
 * Realtime chat on the socket.io namespace `/ws_user` (SPEC §4, §7): the client connects with
 * its access token in the handshake (`auth: {token}`), emits `setUserId` (its own user id) and
 * `sendMessage` ({userid, message}, userid its own); the server delivers `receiveMessage`
 * ({userid, message}) to the sockets of a user. Who a socket is comes from the token only.
 */
import { z } from "zod";

/** The socket.io namespace of the chat. */
export const REALTIME_NAMESPACE = "/ws_user";

/** Event names, as the spec names them. */
export const REALTIME_EVENTS = {
  setUserId: "setUserId",
  sendMessage: "sendMessage",
  receiveMessage: "receiveMessage",
  error: "error",
} as const;

/** The user id a socket joins with (SPEC §5: non-empty after trimming). */
export const ZRealtimeUserId = z
  .string({ error: "A user id is required." })
  .trim()
  .min(1, "A user id is required.")
  .max(80, "The user id is too long.");

/** A chat message: sent only if userid and message are non-empty after trimming (SPEC §5). */
export const ZChatMessage = z.object({
  userid: ZRealtimeUserId,
  message: z
    .string({ error: "A message is required." })
    .trim()
    .min(1, "A message is required.")
    .max(2000, "The message is too long."),
});
/** A chat message. */
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** What the server acknowledges to `setUserId` and `sendMessage`; `retryAfterSeconds` when rate limited. */
export type TRealtimeAck =
  | { ok: true; doc?: Record<string, unknown> }
  | { ok: false; message: string; retryAfterSeconds?: number };

/** What the client puts in the handshake (`io(url, {auth})`). */
export interface TRealtimeAuth {
  token: string;
}

/** Why a handshake was refused: `connect_error`'s `data.code` (its message says it in English). */
export const REALTIME_REFUSALS = {
  /** No token, or a token that names no live session: sign in again. */
  unauthorized: "unauthorized",
  /** Too many open sockets for this user or IP, or too many handshakes from this IP. */
  tooManyConnections: "tooManyConnections",
} as const;
/** A refusal code. */
export type TRealtimeRefusal = (typeof REALTIME_REFUSALS)[keyof typeof REALTIME_REFUSALS];

/** `connect_error`'s `data` for a refused handshake. */
export interface TRealtimeRefusalData {
  code: TRealtimeRefusal;
  retryAfterSeconds?: number;
}
