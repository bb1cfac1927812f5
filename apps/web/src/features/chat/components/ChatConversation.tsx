import { ActionIcon, Alert, Group, Loader, ScrollArea, Text, Textarea } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { CHAT_MESSAGE_MAX } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { MessageList } from "./MessageList";
import type { TChatWidget } from "./use-chat-widget";

/** Props of {@link ChatConversation}. */
export interface ChatConversationProps {
  chat: TChatWidget;
}

/**
 * The signed-in owner's conversation in the chat panel: the messages (earlier pages, the
 * operator's read mark and typing), how the connection stands, and the message box.
 */
export function ChatConversation({ chat }: ChatConversationProps) {
  const { t } = useTranslation("chat");
  const { docs, link, error, text } = chat;
  return (
    <>
      <ScrollArea style={{ flex: 1 }} px="md" py="sm" type="auto">
        {chat.loadFailed && <Alert color="red">{t("loadFailed")}</Alert>}
        {!chat.isLoaded && !chat.loadFailed && <Loader size="sm" aria-label={t("connecting")} />}
        {chat.isLoaded && docs.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("empty")}
          </Text>
        )}
        <MessageList
          docs={docs}
          viewer="owner"
          otherReadId={chat.operatorReadId}
          hasMore={chat.hasMore}
          onEarlier={() => void chat.earlier()}
          footer={chat.isTyping ? t("typing") : null}
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
          onChange={(e) => chat.onType(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void chat.send();
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
          onClick={() => void chat.send()}
          disabled={!text.trim() || link !== "online"}
          loading={chat.isSending}
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </>
  );
}
