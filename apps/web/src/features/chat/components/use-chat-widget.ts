/**
 * The state of the owner's floating chat: the panel open or shut, the badge's unread count, the
 * conversation (history, earlier pages, the operator's read mark, typing and presence) and the
 * message box, kept live over the chat socket from the panel's first opening.
 */
import { chatHistoryCall, chatReadCall, chatUnreadCall, type TChatMessageDoc } from "@vitrine/contract";
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { api } from "../../../api";
import { useSession } from "../../../stores/session";
import { openChatConnection, type TChatConnection } from "../chat-socket";
import { mergeMessages } from "../merge";

/** The live connection as the panel tells it. */
export type TChatLink = "idle" | "connecting" | "online" | "lost";

/** What {@link useChatWidget} gives the widget's panes. */
export interface TChatWidget {
  /** The signed-in owner's token; null for a visitor, who is invited to sign in. */
  token: string | null;
  isOpen: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  docs: TChatMessageDoc[];
  hasMore: boolean;
  unread: number;
  /** True when an operator is online. */
  isOnline: boolean;
  /** The last message the operator has read. */
  operatorReadId: number;
  link: TChatLink;
  isLoaded: boolean;
  loadFailed: boolean;
  /** True while an operator is typing. */
  isTyping: boolean;
  text: string;
  /** Types into the message box (and tells the operators the owner is typing, now and then). */
  onType(value: string): void;
  isSending: boolean;
  /** Why the last message was not sent. */
  error: string | null;
  send(): Promise<void>;
  /** Loads the page of messages before the first shown. */
  earlier(): Promise<void>;
}

/** How long a typing notice shows without a new one. */
const TYPING_MS = 4000;
/** At most one typing notice sent per this many ms. */
const TYPING_EVERY_MS = 2500;

/** Runs the owner's chat; `startOpen` opens the panel at once (so does `?chat=open`). */
export function useChatWidget(startOpen: boolean): TChatWidget {
  const { t } = useTranslation(["chat", "codes"]);
  const token = useSession((s) => s.accessToken);
  const [params, setParams] = useSearchParams();
  const [isOpen, setOpen] = useState(startOpen || params.get("chat") === "open");
  const [docs, setDocs] = useState<TChatMessageDoc[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [unread, setUnread] = useState(0);
  const [isOnline, setOnline] = useState(false);
  const [operatorReadId, setOperatorReadId] = useState(0);
  const [link, setLink] = useState<TChatLink>("idle");
  const [isLoaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [isTyping, setTyping] = useState(false);
  const [text, setText] = useState("");
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connection = useRef<TChatConnection | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const openRef = useRef(isOpen);
  openRef.current = isOpen;

  // The `?chat=open` of the answer mail opens the panel once.
  useEffect(() => {
    if (params.get("chat") !== "open") return;
    const next = new URLSearchParams(params);
    next.delete("chat");
    setParams(next, { replace: true });
  }, [params, setParams]);

  const markRead = useCallback((list: TChatMessageDoc[]) => {
    const newest = list.at(-1);
    if (!newest) return;
    void api(chatReadCall, { last_id: newest.id }).then((res) => {
      if (res.status) setUnread(res.data.unread);
    });
  }, []);

  const loadHistory = useCallback(async () => {
    const res = await api(chatHistoryCall, {});
    if (!res.status) {
      setLoadFailed(true);
      return;
    }
    setLoadFailed(false);
    setLoaded(true);
    setDocs((current) => mergeMessages(current, res.data.docs));
    setHasMore(res.data.has_more);
    setOnline(res.data.operators_online);
    setUnread(res.data.conversation?.unread ?? 0);
    setOperatorReadId(res.data.conversation?.operator_read_id ?? 0);
    if (openRef.current && (res.data.conversation?.unread ?? 0) > 0) markRead(res.data.docs);
  }, [markRead]);

  // The badge before the panel is ever opened: one light call, again when the tab comes back.
  useEffect(() => {
    if (!token) return;
    const check = () => {
      if (connection.current) return;
      void api(chatUnreadCall, {}).then((res) => {
        if (!res.status) return;
        setUnread(res.data.unread);
        setOnline(res.data.operators_online);
      });
    };
    check();
    window.addEventListener("focus", check);
    return () => window.removeEventListener("focus", check);
  }, [token]);

  // The live connection: from the first opening of the panel until the owner signs out or leaves.
  useEffect(() => {
    if (!isOpen || !token || connection.current) return;
    setLink("connecting");
    connection.current = openChatConnection({
      onConnect: () => {
        setLink("online");
        void loadHistory();
      },
      onDisconnect: () => setLink("lost"),
      onRefused: () => setLink("lost"),
      onStatus: (status) => setOnline(status.operators_online),
      onMessage: (doc) => {
        setDocs((current) => mergeMessages(current, [doc]));
        if (doc.sender !== "operator") return;
        setTyping(false);
        if (openRef.current) markRead([doc]);
        else setUnread((n) => n + 1);
      },
      onTyping: (typing) => {
        if (typing.sender !== "operator") return;
        setTyping(true);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(false), TYPING_MS);
      },
      onRead: (mark) => {
        if (mark.reader === "operator") setOperatorReadId(mark.last_read_id);
      },
    });
  }, [isOpen, token, loadHistory, markRead]);

  useEffect(
    () => () => {
      connection.current?.close();
      connection.current = null;
      clearTimeout(typingTimer.current);
    },
    [],
  );
  // Signed out: the connection goes with the session.
  useEffect(() => {
    if (token) return;
    connection.current?.close();
    connection.current = null;
    setLink("idle");
    setDocs([]);
    setUnread(0);
  }, [token]);

  useEffect(() => {
    if (isOpen && unread > 0 && docs.length > 0) markRead(docs);
  }, [isOpen, unread, docs, markRead]);

  const earlier = async () => {
    const first = docs[0];
    if (!first) return;
    const res = await api(chatHistoryCall, { before_id: first.id });
    if (!res.status) return;
    setDocs((current) => mergeMessages(current, res.data.docs));
    setHasMore(res.data.has_more);
  };

  const send = async () => {
    const message = text.trim();
    if (!message || !connection.current || isSending) return;
    setSending(true);
    setError(null);
    const ack = await connection.current.send(message);
    setSending(false);
    if (ack.ok) {
      setText("");
      if (ack.doc) setDocs((current) => mergeMessages(current, [ack.doc as unknown as TChatMessageDoc]));
      return;
    }
    setError(ack.retryAfterSeconds !== undefined ? t("codes:chatTooFast") : ack.message || t("sendFailed"));
  };

  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTypingSent.current > TYPING_EVERY_MS) {
      lastTypingSent.current = now;
      connection.current?.typing();
    }
  };

  return {
    token,
    isOpen,
    setOpen,
    docs,
    hasMore,
    unread,
    isOnline,
    operatorReadId,
    link,
    isLoaded,
    loadFailed,
    isTyping,
    text,
    onType,
    isSending,
    error,
    send,
    earlier,
  };
}
