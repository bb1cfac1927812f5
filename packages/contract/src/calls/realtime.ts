/**
 * Realtime chat on the socket.io namespace `/ws_user` (SPEC §4, §7): the client emits
 * `setUserId` (its user id) and `sendMessage` ({userid, message}); the server delivers
 * `receiveMessage` ({userid, message}) to the sockets of `userid`.
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

/** What the server acknowledges to `setUserId` and `sendMessage`. */
export type TRealtimeAck = { ok: true } | { ok: false; message: string };
