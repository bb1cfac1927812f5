import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Indicator,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconMessageCircle, IconSend, IconX } from "@tabler/icons-react";
import {
  CHAT_MESSAGE_MAX,
  chatHistoryCall,
  chatReadCall,
  chatUnreadCall,
  type TChatMessageDoc,
} from "@vitrine/contract";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { api } from "../../../api";
import { useSession } from "../../../stores/session";
import { openChatConnection, type TChatConnection } from "../chat-socket";
import { mergeMessages } from "../merge";
import { MessageList } from "./MessageList";

/** Props of {@link ChatWidget}. */
export interface ChatWidgetProps {
  side: "left" | "right";
  /** Open at once (a visitor clicked the button before this chunk loaded). */
  startOpen?: boolean;
}

type TLink = "idle" | "connecting" | "online" | "lost";

/** How long a typing notice shows without a new one. */
const TYPING_MS = 4000;
/** At most one typing notice sent per this many ms. */
const TYPING_EVERY_MS = 2500;

/** The owner's floating chat: a button with the unread badge and the panel (history, typing, presence). */
export default function ChatWidget({ side, startOpen = false }: ChatWidgetProps) {
  const { t } = useTranslation(["chat", "codes"]);
  const isPhone = useMediaQuery("(max-width: 576px)") ?? false;
  const token = useSession((s) => s.accessToken);
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const [isOpen, setOpen] = useState(startOpen || params.get("chat") === "open");
  const [docs, setDocs] = useState<TChatMessageDoc[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [unread, setUnread] = useState(0);
  const [isOnline, setOnline] = useState(false);
  const [operatorReadId, setOperatorReadId] = useState(0);
  const [link, setLink] = useState<TLink>("idle");
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
  const panelId = useId();

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

  const buttonLabel = unread > 0 ? t("openUnread", { count: unread }) : t("open");
  const corner = { position: "fixed", bottom: 24, [side]: 24, zIndex: 160 } as const;
  const panelStyle = isPhone
    ? ({ position: "fixed", inset: 8, zIndex: 170 } as const)
    : // A visitor's invitation is short: the panel fits it.
      ({
        position: "fixed",
        bottom: 88,
        [side]: 24,
        width: 360,
        height: token ? 520 : undefined,
        zIndex: 170,
      } as const);
  const hideButton = isPhone && isOpen;

  return (
    <>
      {!hideButton && (
        <Indicator
          label={unread}
          size={20}
          color="red"
          disabled={unread === 0}
          offset={6}
          style={corner}
          data-testid="chat-badge"
        >
          <ActionIcon
            size={52}
            radius="xl"
            variant="filled"
            aria-label={isOpen ? t("close") : buttonLabel}
            aria-expanded={isOpen}
            aria-controls={panelId}
            data-testid="chat-button"
            onClick={() => setOpen((v) => !v)}
            style={{ boxShadow: "var(--mantine-shadow-md)" }}
          >
            {isOpen ? <IconX size={24} aria-hidden /> : <IconMessageCircle size={26} aria-hidden />}
          </ActionIcon>
        </Indicator>
      )}
      {isOpen && (
        <Paper
          id={panelId}
          component="section"
          aria-label={t("title")}
          data-testid="chat-panel"
          withBorder
          shadow="xl"
          radius="lg"
          style={{ ...panelStyle, display: "flex", flexDirection: "column", overflow: "hidden" }}
        >
          <Group
            justify="space-between"
            px="md"
            py="sm"
            style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
          >
            <Stack gap={0}>
              <Text fw={700}>{t("title")}</Text>
              {token && (
                <Group gap={6}>
                  <span
                    aria-hidden
                    style={{
                      width: 8,
                      height: 8,
                      borderRadius: 4,
                      background: isOnline ? "var(--mantine-color-green-6)" : "var(--mantine-color-gray-5)",
                    }}
                  />
                  <Text size="xs" c="dimmed" data-testid="chat-presence">
                    {isOnline ? t("online") : t("offline")}
                  </Text>
                </Group>
              )}
            </Stack>
            <ActionIcon variant="subtle" color="gray" aria-label={t("close")} onClick={() => setOpen(false)}>
              <IconX size={20} aria-hidden />
            </ActionIcon>
          </Group>
          {!token ? (
            <Stack p="md" gap="sm" data-testid="chat-sign-in">
              <Text fw={600}>{t("signInTitle")}</Text>
              <Text size="sm" c="dimmed">
                {t("signInText")}
              </Text>
              <Button component={Link} to="/login" state={{ from: pathname }} onClick={() => setOpen(false)}>
                {t("signIn")}
              </Button>
            </Stack>
          ) : (
            <>
              <ScrollArea style={{ flex: 1 }} px="md" py="sm" type="auto">
                {loadFailed && <Alert color="red">{t("loadFailed")}</Alert>}
                {!isLoaded && !loadFailed && <Loader size="sm" aria-label={t("connecting")} />}
                {isLoaded && docs.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t("empty")}
                  </Text>
                )}
                <MessageList
                  docs={docs}
                  viewer="owner"
                  otherReadId={operatorReadId}
                  hasMore={hasMore}
                  onEarlier={() => void earlier()}
                  footer={isTyping ? t("typing") : null}
                />
              </ScrollArea>
              {(link === "lost" || link === "connecting") && (
                <Text size="xs" c="dimmed" px="md" data-testid="chat-link">
                  {link === "lost" ? t("disconnected") : t("connecting")}
                </Text>
              )}
              {error && (
                <Text size="xs" c="red" px="md" role="alert">
                  {error}
                </Text>
              )}
              <Group
                gap="xs"
                p="sm"
                align="flex-end"
                wrap="nowrap"
                style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
              >
                <Textarea
                  aria-label={t("messageLabel")}
                  placeholder={t("placeholder")}
                  value={text}
                  onChange={(e) => onType(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      void send();
                    }
                  }}
                  autosize
                  minRows={1}
                  maxRows={4}
                  maxLength={CHAT_MESSAGE_MAX}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  size={36}
                  radius="xl"
                  aria-label={t("send")}
                  onClick={() => void send()}
                  disabled={!text.trim() || link !== "online"}
                  loading={isSending}
                >
                  <IconSend size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </>
          )}
        </Paper>
      )}
    </>
  );
}
