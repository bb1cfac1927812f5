/**
 * The support chat's live connection: socket.io namespace `/ws_user` with SPEC §9's settings
 * (`SOCKET_OPTIONS`: unlimited reconnects 1–5 s, 20 s timeout) and the session's access token in
 * the handshake, read at every attempt. Unlike §4's one-shot socket (`api/socket.ts`: connect on
 * the first send, drop after one answer) the chat panel stays connected while it is in use, so
 * answers, typing and presence arrive live; after every (re)connect it announces its user id
 * (§7 `setUserId`) and the caller reloads the history.
 */
import {
  CHAT_EVENTS,
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type TChatMessageDoc,
  type TChatReadMark,
  type TChatStatus,
  type TChatTyping,
  type TRealtimeAck,
  type TRealtimeAuth,
  ZChatMessageDoc,
  ZChatReadMark,
  ZChatStatus,
  ZChatTyping,
} from "@vitrine/contract";
import { io, type Socket } from "socket.io-client";
import { SOCKET_OPTIONS } from "../../api/socket";
import { useSession } from "../../stores/session";

/** What the connection tells its owner. */
export interface TChatSocketHandlers {
  /** Connected (first time or again): reload what may have been missed. */
  onConnect?: () => void;
  onDisconnect?: () => void;
  /** The handshake was refused (`unauthorized`: no or dead token). */
  onRefused?: (code: string) => void;
  onMessage?: (doc: TChatMessageDoc) => void;
  onStatus?: (status: TChatStatus) => void;
  onTyping?: (typing: TChatTyping) => void;
  onRead?: (mark: TChatReadMark) => void;
}

/** An open chat connection. */
export interface TChatConnection {
  /** Sends the owner's message (§7 `sendMessage`); resolves with the server's ack (20 s timeout). */
  send: (message: string) => Promise<TRealtimeAck>;
  /** Tells the other side "typing" (operators name the conversation). */
  typing: (conversationId?: string) => void;
  isConnected: () => boolean;
  close: () => void;
}

const ACK_TIMEOUT_MS = 20_000;

/** Opens the chat connection for the signed-in user. */
export function openChatConnection(handlers: TChatSocketHandlers): TChatConnection {
  const socket: Socket = io(REALTIME_NAMESPACE, {
    ...SOCKET_OPTIONS,
    autoConnect: true,
    auth: (send: (auth: TRealtimeAuth) => void) => send({ token: useSession.getState().accessToken ?? "" }),
  });
  const userId = () => useSession.getState().userId ?? "";

  socket.on("connect", () => {
    const id = userId();
    if (id) socket.emit(REALTIME_EVENTS.setUserId, id);
    handlers.onConnect?.();
  });
  socket.on("disconnect", () => handlers.onDisconnect?.());
  socket.on("connect_error", (error: Error & { data?: { code?: string } }) => {
    const code = error.data?.code;
    if (code === "unauthorized") {
      // A dead token: stop retrying until the owner signs in again.
      socket.disconnect();
      handlers.onRefused?.(code);
    }
  });
  socket.on(REALTIME_EVENTS.receiveMessage, (raw: unknown) => {
    const parsed = ZChatMessageDoc.safeParse(raw);
    if (parsed.success) handlers.onMessage?.(parsed.data);
  });
  socket.on(CHAT_EVENTS.status, (raw: unknown) => {
    const parsed = ZChatStatus.safeParse(raw);
    if (parsed.success) handlers.onStatus?.(parsed.data);
  });
  socket.on(CHAT_EVENTS.typing, (raw: unknown) => {
    const parsed = ZChatTyping.safeParse(raw);
    if (parsed.success) handlers.onTyping?.(parsed.data);
  });
  socket.on(CHAT_EVENTS.read, (raw: unknown) => {
    const parsed = ZChatReadMark.safeParse(raw);
    if (parsed.success) handlers.onRead?.(parsed.data);
  });

  return {
    async send(message) {
      const trimmed = message.trim();
      // SPEC §5: only non-empty user id and message after trimming are sent.
      if (!trimmed || !userId()) return { ok: false, message: "" };
      try {
        return (await socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck(REALTIME_EVENTS.sendMessage, { userid: userId(), message: trimmed })) as TRealtimeAck;
      } catch {
        return { ok: false, message: "" };
      }
    },
    typing(conversationId) {
      if (!socket.connected) return;
      socket.emit(CHAT_EVENTS.typing, conversationId ? { conversation_id: conversationId } : undefined);
    },
    isConnected: () => socket.connected,
    close() {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
