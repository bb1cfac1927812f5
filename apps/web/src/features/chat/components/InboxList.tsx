import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { CHAT_INBOX_FILTERS, formatForLanguage, type TChatInboxFilter } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n/use-messages";
import type { TChatInbox, TInbox } from "./use-chat-inbox";

/** Props of {@link InboxList}. */
export interface InboxListProps {
  chat: TChatInbox;
  /** The inbox page shown (loaded). */
  inbox: TInbox;
  /** Opens the canned replies' manager. */
  onManage(): void;
}

/** The inbox: the filter, the unread total, one row per conversation, pages, and "manage canned replies". */
export function InboxList({ chat, inbox, onManage }: InboxListProps) {
  const { t } = useTranslation(["chat", "admin", "common", "codes"]);
  const lang = useLanguage();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t("chat:inbox.filter")}
          value={chat.filter}
          onChange={(value) => chat.chooseFilter(value as TChatInboxFilter)}
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
                onClick={() => chat.setSelected(doc.id)}
                aria-current={doc.id === chat.selected ? "true" : undefined}
                data-testid="chat-inbox-row"
                p="sm"
                style={{
                  borderBottom: "1px solid var(--mantine-color-gray-2)",
                  background: doc.id === chat.selected ? "var(--mantine-color-blue-0)" : undefined,
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
                  {chat.typingIn === doc.id
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
          value={chat.page}
          onChange={chat.setPage}
          size="sm"
          aria-label={t("chat:inbox.page")}
        />
      )}
      <Button variant="subtle" size="xs" onClick={onManage} style={{ alignSelf: "flex-start" }}>
        {t("chat:inbox.manage")}
      </Button>
    </Stack>
  );
}
