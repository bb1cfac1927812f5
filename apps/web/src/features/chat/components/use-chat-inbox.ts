/**
 * The state of the console's support inbox: the inbox page (filter, page, unread counts), the
 * conversation open in it (messages, earlier pages, read marks, typing), the answer box and the
 * canned replies, kept live over the chat socket.
 */
import {
  chatAssignCall,
  chatCannedListCall,
  chatConversationCall,
  chatInboxCall,
  chatOperatorReadCall,
  chatReplyCall,
  type TChatCannedDoc,
  type TChatInboxDoc,
  type TChatInboxFilter,
  type TChatMessageDoc,
} from "@vitrine/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { openChatConnection, type TChatConnection } from "../chat-socket";
import { mergeMessages } from "../merge";

/** One page of the inbox. */
export interface TInbox {
  docs: TChatInboxDoc[];
  total: number;
  pageSize: number;
  unreadTotal: number;
  operators: string[];
}

/** What {@link useChatInbox} gives the inbox's panes. */
export interface TChatInbox {
  inbox: TInbox | null;
  /** True when the last inbox load failed. */
  failed: boolean;
  filter: TChatInboxFilter;
  /** Shows another filter, from its first page. */
  chooseFilter(filter: TChatInboxFilter): void;
  page: number;
  setPage(page: number): void;
  /** The conversation open (its id), or null. */
  selected: string | null;
  setSelected(id: string | null): void;
  /** The open conversation's row (assignee, the owner's read mark). */
  current: TChatInboxDoc | null;
  messages: TChatMessageDoc[];
  hasMore: boolean;
  /** The conversation whose owner is typing, if any. */
  typingIn: string | null;
  reply: string;
  /** Types into the answer box (and tells the owner an operator is typing, now and then). */
  onType(value: string): void;
  /** Adds a canned reply's text to the answer box. */
  insertCanned(message: string): void;
  isSending: boolean;
  /** A line under the conversation: a failed send, or that the answer was e-mailed. */
  notice: string | null;
  canned: TChatCannedDoc[];
  loadCanned(): Promise<void>;
  send(): Promise<void>;
  assign(assignee: string | null): Promise<void>;
  /** Loads the page of messages before the first shown. */
  earlier(): Promise<void>;
}

const TYPING_MS = 4000;
const TYPING_EVERY_MS = 2500;

/** Runs the support inbox for the console's Support chat page. */
export function useChatInbox(): TChatInbox {
  const { t } = useTranslation("chat");
  const [filter, setFilter] = useState<TChatInboxFilter>("all");
  const [page, setPage] = useState(1);
  const [inbox, setInbox] = useState<TInbox | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [current, setCurrent] = useState<TChatInboxDoc | null>(null);
  const [messages, setMessages] = useState<TChatMessageDoc[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [typingIn, setTypingIn] = useState<string | null>(null);
  const [reply, setReply] = useState("");
  const [isSending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [canned, setCanned] = useState<TChatCannedDoc[]>([]);
  const connection = useRef<TChatConnection | null>(null);
  const selectedRef = useRef<string | null>(null);
  selectedRef.current = selected;
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);

  const loadInbox = useCallback(async () => {
    const res = await api(chatInboxCall, { filter, page });
    if (!res.status) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setInbox({
      docs: res.data.docs,
      total: res.data.total,
      pageSize: res.data.page_size,
      unreadTotal: res.data.unread_total,
      operators: res.data.operators,
    });
  }, [filter, page]);

  const loadCanned = useCallback(async () => {
    const res = await api(chatCannedListCall, {});
    if (res.status) setCanned(res.data.docs);
  }, []);

  const markRead = useCallback(
    async (conversationId: string, list: TChatMessageDoc[]) => {
      const newest = list.at(-1);
      if (!newest) return;
      const res = await api(chatOperatorReadCall, { conversation_id: conversationId, last_id: newest.id });
      if (res.status) void loadInbox();
    },
    [loadInbox],
  );

  const openConversation = useCallback(
    async (id: string) => {
      const res = await api(chatConversationCall, { conversation_id: id });
      if (!res.status || selectedRef.current !== id) return;
      setCurrent(res.data.doc);
      setMessages(res.data.docs);
      setHasMore(res.data.has_more);
      if (res.data.doc.unread > 0) void markRead(id, res.data.docs);
    },
    [markRead],
  );

  useEffect(() => {
    void loadInbox();
  }, [loadInbox]);
  useEffect(() => {
    void loadCanned();
  }, [loadCanned]);
  useEffect(() => {
    setNotice(null);
    setReply("");
    setMessages([]);
    setCurrent(null);
    if (selected) void openConversation(selected);
  }, [selected, openConversation]);

  // Live: owners' messages, other operators' answers, typing and read marks.
  const reload = useRef(loadInbox);
  reload.current = loadInbox;
  const markReadRef = useRef(markRead);
  markReadRef.current = markRead;
  useEffect(() => {
    connection.current = openChatConnection({
      onConnect: () => {
        void reload.current();
        if (selectedRef.current) void openConversation(selectedRef.current);
      },
      onMessage: (doc) => {
        if (doc.conversation_id === selectedRef.current) {
          setMessages((list) => mergeMessages(list, [doc]));
          if (doc.sender === "owner") {
            setTypingIn(null);
            void markReadRef.current(doc.conversation_id, [doc]);
            return;
          }
        }
        void reload.current();
      },
      onTyping: (typing) => {
        if (typing.sender !== "owner") return;
        setTypingIn(typing.conversation_id);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTypingIn(null), TYPING_MS);
      },
      onRead: (mark) => {
        if (mark.reader === "owner" && mark.conversation_id === selectedRef.current) {
          setCurrent((c) => (c ? { ...c, owner_read_id: mark.last_read_id } : c));
        }
      },
    });
    return () => {
      connection.current?.close();
      connection.current = null;
      clearTimeout(typingTimer.current);
    };
  }, [openConversation]);

  const send = async () => {
    const message = reply.trim();
    if (!selected || !message || isSending) return;
    setSending(true);
    setNotice(null);
    const res = await api(chatReplyCall, { conversation_id: selected, message });
    setSending(false);
    if (!res.status) {
      setNotice(res.message ?? t("sendFailed"));
      return;
    }
    setReply("");
    setMessages((list) => mergeMessages(list, [res.data.doc]));
    if (res.data.mailed) setNotice(t("inbox.mailed"));
    void loadInbox();
  };

  const assign = async (assignee: string | null) => {
    if (!selected) return;
    const res = await api(chatAssignCall, { conversation_id: selected, assignee });
    if (res.status) {
      setCurrent(res.data.doc);
      void loadInbox();
    }
  };

  const earlier = async () => {
    const first = messages[0];
    if (!selected || !first) return;
    const res = await api(chatConversationCall, { conversation_id: selected, before_id: first.id });
    if (!res.status) return;
    setMessages((list) => mergeMessages(list, res.data.docs));
    setHasMore(res.data.has_more);
  };

  const onType = (value: string) => {
    setReply(value);
    const now = Date.now();
    if (selected && value.trim() && now - lastTypingSent.current > TYPING_EVERY_MS) {
      lastTypingSent.current = now;
      connection.current?.typing(selected);
    }
  };

  return {
    inbox,
    failed,
    filter,
    chooseFilter: (next) => {
      setFilter(next);
      setPage(1);
    },
    page,
    setPage,
    selected,
    setSelected,
    current,
    messages,
    hasMore,
    typingIn,
    reply,
    onType,
    insertCanned: (message) => setReply((r) => (r.trim() ? `${r}\n${message}` : message)),
    isSending,
    notice,
    canned,
    loadCanned,
    send,
    assign,
    earlier,
  };
}
