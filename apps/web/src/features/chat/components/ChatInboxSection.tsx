import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Menu,
  Modal,
  Pagination,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowLeft, IconMessageDots, IconPencil, IconTrash } from "@tabler/icons-react";
import {
  CHAT_CANNED_TITLE_MAX,
  CHAT_INBOX_FILTERS,
  CHAT_MESSAGE_MAX,
  chatAssignCall,
  chatCannedDeleteCall,
  chatCannedListCall,
  chatCannedSaveCall,
  chatConversationCall,
  chatInboxCall,
  chatOperatorReadCall,
  chatReplyCall,
  formatForLanguage,
  type TChatCannedDoc,
  type TChatInboxDoc,
  type TChatInboxFilter,
  type TChatMessageDoc,
} from "@vitrine/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { useLanguage } from "../../../i18n/use-messages";
import { openChatConnection, type TChatConnection } from "../chat-socket";
import { mergeMessages } from "../merge";
import { MessageList } from "./MessageList";

type TInbox = {
  docs: TChatInboxDoc[];
  total: number;
  pageSize: number;
  unreadTotal: number;
  operators: string[];
};

const TYPING_MS = 4000;
const TYPING_EVERY_MS = 2500;

/** Console: the support chat's inbox (unread counts, assignment), a conversation and its answer box. */
export default function ChatInboxSection() {
  const { t } = useTranslation(["chat", "admin", "common", "codes"]);
  const lang = useLanguage();
  const isNarrow = useMediaQuery("(max-width: 992px)") ?? false;
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
  const [isManaging, setManaging] = useState(false);
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
      setNotice(res.message ?? t("chat:sendFailed"));
      return;
    }
    setReply("");
    setMessages((list) => mergeMessages(list, [res.data.doc]));
    if (res.data.mailed) setNotice(t("chat:inbox.mailed"));
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

  if (failed && !inbox) return <Alert color="red">{t("admin:loadFailed")}</Alert>;
  if (!inbox) return <Loader aria-label={t("common:loading")} />;

  const list = (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t("chat:inbox.filter")}
          value={filter}
          onChange={(value) => {
            setFilter(value as TChatInboxFilter);
            setPage(1);
          }}
          data={CHAT_INBOX_FILTERS.map((f) => ({ value: f, label: t(`chat:inbox.filters.${f}`) }))}
          size="xs"
        />
        <Badge
          color={inbox.unreadTotal > 0 ? "red" : "gray"}
          variant="light"
          tt="none"
          data-testid="chat-unread-total"
        >
          {t("chat:inbox.unreadTotal", { count: inbox.unreadTotal })}
        </Badge>
      </Group>
      {inbox.docs.length === 0 ? (
        <Text c="dimmed">{t("chat:inbox.empty")}</Text>
      ) : (
        <Paper withBorder radius="md">
          <Stack gap={0}>
            {inbox.docs.map((doc) => (
              <UnstyledButton
                key={doc.id}
                onClick={() => setSelected(doc.id)}
                aria-current={doc.id === selected ? "true" : undefined}
                data-testid="chat-inbox-row"
                p="sm"
                style={{
                  borderBottom: "1px solid var(--mantine-color-gray-2)",
                  background: doc.id === selected ? "var(--mantine-color-blue-0)" : undefined,
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={doc.unread > 0 ? 700 : 500} size="sm" truncate>
                    {doc.owner_email_id}
                  </Text>
                  {doc.unread > 0 && (
                    <Badge
                      color="red"
                      size="sm"
                      tt="none"
                      style={{ flexShrink: 0 }}
                      data-testid="chat-row-unread"
                    >
                      {t("chat:inbox.unread", { count: doc.unread })}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {typingIn === doc.id
                    ? t("chat:ownerTyping")
                    : (doc.last_message?.message ?? t("chat:inbox.noMessages"))}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {formatForLanguage(doc.updated_at, lang)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("chat:inbox.assignee")}: {doc.assignee ?? t("chat:inbox.nobody")}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      )}
      {inbox.total > inbox.pageSize && (
        <Pagination
          total={Math.ceil(inbox.total / inbox.pageSize)}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label={t("chat:inbox.page")}
        />
      )}
      <Button
        variant="subtle"
        size="xs"
        onClick={() => setManaging(true)}
        style={{ alignSelf: "flex-start" }}
      >
        {t("chat:inbox.manage")}
      </Button>
    </Stack>
  );

  const conversation = selected ? (
    <Paper withBorder radius="md" p="md" data-testid="chat-conversation">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            {isNarrow && (
              <ActionIcon
                variant="subtle"
                aria-label={t("chat:inbox.back")}
                onClick={() => setSelected(null)}
              >
                <IconArrowLeft size={18} aria-hidden />
              </ActionIcon>
            )}
            <Text fw={700}>{current?.owner_email_id ?? ""}</Text>
          </Group>
          <Select
            size="xs"
            w={220}
            label={t("chat:inbox.assignee")}
            value={current?.assignee ?? ""}
            onChange={(value) => void assign(value ? value : null)}
            data={[
              { value: "", label: t("chat:inbox.nobody") },
              ...inbox.operators.map((op) => ({ value: op, label: op })),
            ]}
            allowDeselect={false}
          />
        </Group>
        <ScrollArea h={isNarrow ? 360 : 300} type="auto" offsetScrollbars>
          <MessageList
            docs={messages}
            viewer="operator"
            otherReadId={current?.owner_read_id ?? 0}
            hasMore={hasMore}
            onEarlier={() => void earlier()}
            footer={typingIn === selected ? t("chat:ownerTyping") : null}
          />
        </ScrollArea>
        {notice && (
          <Text size="sm" c="dimmed" role="status">
            {notice}
          </Text>
        )}
        <Textarea
          label={t("chat:inbox.replyLabel")}
          value={reply}
          onChange={(e) => onType(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={CHAT_MESSAGE_MAX}
        />
        <Group justify="space-between">
          <Menu position="top-start" withinPortal>
            <Menu.Target>
              <Button variant="default" size="sm" leftSection={<IconMessageDots size={16} aria-hidden />}>
                {t("chat:inbox.canned")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {canned.length === 0 && <Menu.Label>{t("chat:inbox.cannedEmpty")}</Menu.Label>}
              {canned.map((c) => (
                <Menu.Item
                  key={c.id}
                  onClick={() => setReply((r) => (r.trim() ? `${r}\n${c.message}` : c.message))}
                >
                  {c.title}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button onClick={() => void send()} loading={isSending} disabled={!reply.trim()}>
            {t("chat:inbox.reply")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  ) : (
    <Text c="dimmed">{t("chat:inbox.pick")}</Text>
  );

  return (
    <Stack gap="md">
      <Text c="dimmed">{t("chat:inbox.intro")}</Text>
      {isNarrow ? (
        selected ? (
          conversation
        ) : (
          list
        )
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={5}>{list}</Grid.Col>
          <Grid.Col span={7}>{conversation}</Grid.Col>
        </Grid>
      )}
      <CannedRepliesModal
        opened={isManaging}
        onClose={() => setManaging(false)}
        docs={canned}
        onChanged={() => void loadCanned()}
      />
    </Stack>
  );
}

/** The operators' canned replies: add, edit, delete. */
function CannedRepliesModal({
  opened,
  onClose,
  docs,
  onChanged,
}: {
  opened: boolean;
  onClose: () => void;
  docs: TChatCannedDoc[];
  onChanged: () => void;
}) {
  const { t } = useTranslation(["chat", "codes"]);
  const [editing, setEditing] = useState<TChatCannedDoc | "new" | null>(null);
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);

  const edit = (doc: TChatCannedDoc | "new") => {
    setEditing(doc);
    setTitle(doc === "new" ? "" : doc.title);
    setMessage(doc === "new" ? "" : doc.message);
    setError(null);
  };
  const save = async () => {
    const res = await api(chatCannedSaveCall, {
      ...(editing && editing !== "new" ? { canned_id: editing.id } : {}),
      title,
      message,
    });
    if (!res.status) {
      setError(res.message ?? "");
      return;
    }
    setEditing(null);
    onChanged();
  };
  const remove = async (id: string) => {
    const res = await api(chatCannedDeleteCall, { canned_id: id });
    if (res.status) onChanged();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("inbox.manage")} size="lg">
      <Stack gap="sm">
        {docs.length === 0 && <Text c="dimmed">{t("inbox.cannedEmpty")}</Text>}
        {docs.map((doc) => (
          <Group key={doc.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {doc.title}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {doc.message}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`${t("inbox.cannedEdit")}: ${doc.title}`}
                onClick={() => edit(doc)}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t("inbox.cannedDelete")}: ${doc.title}`}
                onClick={() => void remove(doc.id)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        {editing ? (
          <Stack gap="xs">
            <TextInput
              label={t("inbox.cannedTitle")}
              value={title}
              maxLength={CHAT_CANNED_TITLE_MAX}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Textarea
              label={t("inbox.cannedText")}
              value={message}
              maxLength={CHAT_MESSAGE_MAX}
              autosize
              minRows={3}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t("inbox.cannedCancel")}
              </Button>
              <Button onClick={() => void save()} disabled={!title.trim() || !message.trim()}>
                {t("inbox.cannedSave")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button variant="light" onClick={() => edit("new")} style={{ alignSelf: "flex-start" }}>
            {t("inbox.cannedAdd")}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
