import { ActionIcon, Group, Stack, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Props of {@link ChatPanelHeader}. */
export interface ChatPanelHeaderProps {
  /** A signed-in owner sees whether an operator is online. */
  isSignedIn: boolean;
  isOnline: boolean;
  onClose(): void;
}

/** The chat panel's title, the operators' presence and the close button. */
export function ChatPanelHeader({ isSignedIn, isOnline, onClose }: ChatPanelHeaderProps) {
  const { t } = useTranslation("chat");
  return (
    <Group
      justify="space-between"
      px="md"
      py="sm"
      style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
    >
      <Stack gap={0}>
        <Text fw={700}>{t("title")}</Text>
        {isSignedIn && (
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
      <ActionIcon variant="subtle" color="gray" aria-label={t("close")} onClick={onClose}>
        <IconX size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
