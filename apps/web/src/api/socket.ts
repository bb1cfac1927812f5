/**
 * The chat socket (SPEC §4, §7): socket.io namespace `/ws_user`, unlimited reconnects with a
 * 1–5 s delay and a 20 s connection timeout. It connects on the first send with the session's
 * access token in the handshake (the server knows the user from it alone), announces the user
 * id, and disconnects once a message has been received.
 */
import {
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type TChatMessage,
  type TRealtimeAuth,
  ZChatMessage,
} from "@vitrine/contract";
import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import { useSession } from "../stores/session";

/** socket.io options fixed by SPEC §9. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  autoConnect: false,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20_000,
  transports: ["websocket", "polling"],
};

/** A chat connection. */
export interface TChatSocket {
  /** Sends a message; returns false (and sends nothing) if userid or message is blank. */
  send: (userid: string, message: string) => boolean;
  /** Subscribes to received messages; returns the unsubscribe function. */
  onMessage: (listener: (message: TChatMessage) => void) => () => void;
  /** Whether the socket is connected now. */
  isConnected: () => boolean;
  /** Closes the connection for good. */
  close: () => void;
}

/**
 * Creates the chat connection; `origin` defaults to this page's origin, `getToken` to the
 * session's access token (read at every connection attempt, so a reconnect sends a fresh one).
 */
export function createChatSocket(
  origin = "",
  getToken: () => string | null = () => useSession.getState().accessToken,
): TChatSocket {
  const socket: Socket = io(`${origin}${REALTIME_NAMESPACE}`, {
    ...SOCKET_OPTIONS,
    auth: (send: (auth: TRealtimeAuth) => void) => send({ token: getToken() ?? "" }),
  });
  const listeners = new Set<(message: TChatMessage) => void>();
  let userId = "";

  // After a reconnect the server has forgotten which user this socket is.
  socket.io.on("reconnect", () => {
    if (userId) socket.emit(REALTIME_EVENTS.setUserId, userId);
  });
  socket.on(REALTIME_EVENTS.receiveMessage, (raw: unknown) => {
    const parsed = ZChatMessage.safeParse(raw);
    if (parsed.success) for (const listener of listeners) listener(parsed.data);
    socket.disconnect();
  });

  return {
    send(userid, message) {
      const parsed = ZChatMessage.safeParse({ userid, message });
      if (!parsed.success) return false;
      if (!socket.connected && !socket.active) {
        socket.connect();
        userId = parsed.data.userid;
        socket.emit(REALTIME_EVENTS.setUserId, userId);
      } else if (userId !== parsed.data.userid) {
        userId = parsed.data.userid;
        socket.emit(REALTIME_EVENTS.setUserId, userId);
      }
      socket.emit(REALTIME_EVENTS.sendMessage, parsed.data);
      return true;
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isConnected: () => socket.connected,
    close() {
      listeners.clear();
      socket.disconnect();
    },
  };
}
