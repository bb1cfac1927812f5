import { Box, Button, Group, Stack, Text } from "@mantine/core";
import { formatForLanguage, type TChatMessageDoc, type TChatSender } from "@vitrine/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n/use-messages";

/** Props of {@link MessageList}. */
export interface MessageListProps {
  docs: TChatMessageDoc[];
  /** Whose screen this is: their own messages sit on the right. */
  viewer: TChatSender;
  /** The other side's read mark: the viewer's last message at or below it is "Seen". */
  otherReadId: number;
  hasMore: boolean;
  onEarlier: () => void;
  /** Shown under the messages (typing). */
  footer?: string | null;
}

/** A conversation's messages as bubbles, scrolled to the newest. */
export function MessageList({ docs, viewer, otherReadId, hasMore, onEarlier, footer }: MessageListProps) {
  const { t } = useTranslation("chat");
  const lang = useLanguage();
  const end = useRef<HTMLDivElement>(null);
  const lastId = docs.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message or the typing line changes
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [lastId, footer]);
  const lastOwn = [...docs].reverse().find((d) => d.sender === viewer);

  return (
    <Stack gap={6} data-testid="chat-messages" aria-live="polite">
      {hasMore && (
        <Button variant="subtle" size="compact-sm" onClick={onEarlier} style={{ alignSelf: "center" }}>
          {t("earlier")}
        </Button>
      )}
      {docs.map((doc) => {
        const isOwn = doc.sender === viewer;
        return (
          <Stack key={doc.id} gap={2} align={isOwn ? "flex-end" : "flex-start"} data-sender={doc.sender}>
            <Box
              px="sm"
              py={6}
              maw="85%"
              style={{
                borderRadius: 14,
                background: isOwn ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-gray-1)",
                color: isOwn ? "var(--mantine-color-white)" : "var(--mantine-color-black)",
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
              }}
            >
              <Text size="sm" inherit>
                {doc.message}
              </Text>
            </Box>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {doc.sender === "operator" ? t("team") : viewer === "owner" ? t("you") : null}{" "}
                {formatForLanguage(doc.created_at, lang)}
              </Text>
              {lastOwn?.id === doc.id && doc.id <= otherReadId && (
                <Text size="xs" c="dimmed" data-testid="chat-seen">
                  · {t("seen")}
                </Text>
              )}
            </Group>
          </Stack>
        );
      })}
      {footer && (
        <Text size="xs" c="dimmed" fs="italic" data-testid="chat-typing">
          {footer}
        </Text>
      )}
      <div ref={end} />
    </Stack>
  );
}
