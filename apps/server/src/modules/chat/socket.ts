/**
 * The chat on the socket: rooms and operator presence as sockets come and go, an owner's
 * `sendMessage` (answered with its ack, or the wait when they send too fast) and `typing`.
 */
import {
  AppError,
  CHAT_EVENTS,
  CODES,
  type TChatStatus,
  type TChatTyping,
  type TRealtimeAck,
  ZChatConversationId,
} from "@vitrine/contract";
import type { TSocketIdentity } from "../../platform/realtime/guard";
import type { TRealtime } from "../../platform/realtime/index";
import { userRoom } from "../../platform/realtime/index";
import type { TChatDeps } from "./deps";
import { EVERYONE_ROOM, OPERATORS_ROOM, type TChatLive } from "./live";
import type { TOwnerChat } from "./owner";
import * as q from "./queries";

/** Binds the chat to the socket: rooms, presence, `sendMessage` and `typing`. */
export function attachChat(
  deps: Pick<TChatDeps, "db">,
  live: TChatLive,
  owner: Pick<TOwnerChat, "ownerSend">,
  rt: TRealtime,
): void {
  const { db } = deps;
  live.bind(rt);
  const status = async (): Promise<TChatStatus> => ({ operators_online: await live.operatorsOnline() });

  /** `typing`: an owner tells the operators; an operator (with `conversation_id`) tells that owner. */
  async function typing(identity: TSocketIdentity, payload: unknown): Promise<TRealtimeAck> {
    const conversationId =
      typeof payload === "object" && payload !== null
        ? (payload as { conversation_id?: unknown }).conversation_id
        : undefined;
    if (conversationId !== undefined) {
      if (!identity.isSuper) return { ok: false, message: "Only operators type into other conversations." };
      const parsed = ZChatConversationId.safeParse(conversationId);
      if (!parsed.success) return { ok: false, message: "Invalid conversation." };
      const row = await q.findConversation(db, parsed.data);
      if (!row) return { ok: false, message: "Invalid conversation." };
      const notice: TChatTyping = { conversation_id: row.id, userid: row.ownerId, sender: "operator" };
      live.emit(userRoom(row.ownerId), CHAT_EVENTS.typing, notice);
      live.emit(OPERATORS_ROOM, CHAT_EVENTS.typing, notice);
      return { ok: true };
    }
    const row = await q.conversationOfOwner(db, identity.userId);
    if (!row) return { ok: true };
    const notice: TChatTyping = { conversation_id: row.id, userid: row.ownerId, sender: "owner" };
    live.emit(OPERATORS_ROOM, CHAT_EVENTS.typing, notice);
    return { ok: true };
  }

  rt.use({
    connection(socket, identity) {
      socket.join(EVERYONE_ROOM);
      if (identity.isSuper) {
        socket.join(OPERATORS_ROOM);
        rt.emit(EVERYONE_ROOM, CHAT_EVENTS.status, { operators_online: true } satisfies TChatStatus);
      } else {
        void status().then(
          (s) => socket.emit(CHAT_EVENTS.status, s),
          () => undefined,
        );
      }
    },
    disconnect(_socket, identity) {
      if (!identity.isSuper) return;
      void status().then(
        (s) => {
          if (!s.operators_online) rt.emit(EVERYONE_ROOM, CHAT_EVENTS.status, s);
        },
        () => undefined,
      );
    },
    async message(identity, message) {
      try {
        return { ok: true, doc: await owner.ownerSend(identity.userId, message.message) };
      } catch (error) {
        if (error instanceof AppError && error.code === "chatTooFast") {
          const wait = error.data?.retryAfterSeconds;
          return {
            ok: false,
            message: CODES.chatTooFast.message,
            retryAfterSeconds: typeof wait === "number" ? wait : 1,
          };
        }
        throw error;
      }
    },
    events: {
      [CHAT_EVENTS.typing]: async (identity, payload) => typing(identity, payload),
    },
  });
}
