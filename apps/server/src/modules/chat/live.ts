/**
 * The chat's side of the socket once it is attached: who is online, and delivering what was
 * stored (a message, a read mark) to the owner's sockets and the operators' room on every
 * instance. Before `bind` (a server without realtime) nothing is delivered and nobody is online.
 */
import { CHAT_EVENTS, REALTIME_EVENTS, type TChatMessageDoc, type TChatReadMark } from "@vitrine/contract";
import type { TRealtime } from "../../platform/realtime/index";
import { userRoom } from "../../platform/realtime/index";
import type { TConversationRow } from "./queries";

/** Room of the operators' sockets (super accounts). */
export const OPERATORS_ROOM = "chat:operators";
/** Room of every chat socket (operator presence goes to all). */
export const EVERYONE_ROOM = "chat:everyone";

/** The live side of the chat. */
export interface TChatLive {
  /** Binds the socket (once, when the module is attached). */
  bind(realtime: TRealtime): void;
  /** Sends an event to a room, when the socket is bound. */
  emit(room: string, event: string, payload: unknown): void;
  operatorsOnline(): Promise<boolean>;
  ownerOnline(ownerId: string): Promise<boolean>;
  /** Delivers a stored message to its owner's sockets and to the operators. */
  deliver(doc: TChatMessageDoc): void;
  /** Tells both sides how far `reader` has read the conversation. */
  announceRead(conversation: TConversationRow, reader: "owner" | "operator"): void;
}

/** Creates the live side of the chat. */
export function createChatLive(): TChatLive {
  let realtime: TRealtime | undefined;
  const emit = (room: string, event: string, payload: unknown) => realtime?.emit(room, event, payload);

  return {
    bind(rt) {
      realtime = rt;
    },
    emit,
    operatorsOnline: async () => (realtime ? (await realtime.count(OPERATORS_ROOM)) > 0 : false),
    ownerOnline: async (ownerId) => (realtime ? (await realtime.count(userRoom(ownerId))) > 0 : false),

    deliver(doc) {
      emit(userRoom(doc.userid), REALTIME_EVENTS.receiveMessage, doc);
      emit(OPERATORS_ROOM, REALTIME_EVENTS.receiveMessage, doc);
    },

    announceRead(conversation, reader) {
      const mark: TChatReadMark = {
        conversation_id: conversation.id,
        reader,
        last_read_id: reader === "owner" ? conversation.ownerReadId : conversation.operatorReadId,
      };
      emit(userRoom(conversation.ownerId), CHAT_EVENTS.read, mark);
      emit(OPERATORS_ROOM, CHAT_EVENTS.read, mark);
    },
  };
}
