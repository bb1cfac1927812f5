import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { IconArrowLeft, IconMessageDots } from "@tabler/icons-react";
import { CHAT_MESSAGE_MAX } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { MessageList } from "./MessageList";
import type { TChatInbox, TInbox } from "./use-chat-inbox";

/** Props of {@link ConversationPane}. */
export interface ConversationPaneProps {
  chat: TChatInbox;
  inbox: TInbox;
  /** A narrow window: the pane replaces the list and has a back button. */
  isNarrow: boolean;
}

/** The open conversation: its owner, the assignee, the messages, the answer box and canned replies. */
export function ConversationPane({ chat, inbox, isNarrow }: ConversationPaneProps) {
  const { t } = useTranslation(["chat", "admin", "common", "codes"]);
  if (!chat.selected) return <Text c="dimmed">{t("chat:inbox.pick")}</Text>;
  return (
    <Paper withBorder radius="md" p="md" data-testid="chat-conversation">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            {isNarrow && (
              <ActionIcon
                variant="subtle"
                aria-label={t("chat:inbox.back")}
                onClick={() => chat.setSelected(null)}
              >
                <IconArrowLeft size={18} aria-hidden />
              </ActionIcon>
            )}
            <Text fw={700}>{chat.current?.owner_email_id ?? ""}</Text>
          </Group>
          <Select
            size="xs"
            w={220}
            label={t("chat:inbox.assignee")}
            value={chat.current?.assignee ?? ""}
            onChange={(value) => void chat.assign(value ? value : null)}
            data={[
              { value: "", label: t("chat:inbox.nobody") },
              ...inbox.operators.map((op) => ({ value: op, label: op })),
            ]}
            allowDeselect={false}
          />
        </Group>
        <ScrollArea h={isNarrow ? 360 : 300} type="auto" offsetScrollbars>
          <MessageList
            docs={chat.messages}
            viewer="operator"
            otherReadId={chat.current?.owner_read_id ?? 0}
            hasMore={chat.hasMore}
            onEarlier={() => void chat.earlier()}
            footer={chat.typingIn === chat.selected ? t("chat:ownerTyping") : null}
          />
        </ScrollArea>
        {chat.notice && (
          <Text size="sm" c="dimmed" role="status">
            {chat.notice}
          </Text>
        )}
        <Textarea
          label={t("chat:inbox.replyLabel")}
          value={chat.reply}
          onChange={(e) => chat.onType(e.currentTarget.value)}
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
              {chat.canned.length === 0 && <Menu.Label>{t("chat:inbox.cannedEmpty")}</Menu.Label>}
              {chat.canned.map((c) => (
                <Menu.Item key={c.id} onClick={() => chat.insertCanned(c.message)}>
                  {c.title}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button onClick={() => void chat.send()} loading={chat.isSending} disabled={!chat.reply.trim()}>
            {t("chat:inbox.reply")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
