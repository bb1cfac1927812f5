import { ActionIcon, Indicator } from "@mantine/core";
import { IconMessageCircle, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Props of {@link ChatButton}. */
export interface ChatButtonProps {
  side: "left" | "right";
  unread: number;
  isOpen: boolean;
  /** The panel's id, which the button controls. */
  panelId: string;
  onToggle(): void;
}

/** The chat's round button in a bottom corner, with the unread badge; opens and shuts the panel. */
export function ChatButton({ side, unread, isOpen, panelId, onToggle }: ChatButtonProps) {
  const { t } = useTranslation("chat");
  const buttonLabel = unread > 0 ? t("openUnread", { count: unread }) : t("open");
  const corner = { position: "fixed", bottom: 24, [side]: 24, zIndex: 160 } as const;
  return (
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
        onClick={onToggle}
        style={{ boxShadow: "var(--mantine-shadow-md)" }}
      >
        {isOpen ? <IconX size={24} aria-hidden /> : <IconMessageCircle size={26} aria-hidden />}
      </ActionIcon>
    </Indicator>
  );
}
