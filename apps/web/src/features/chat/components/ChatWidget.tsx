import { Paper } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ChatButton } from "./ChatButton";
import { ChatConversation } from "./ChatConversation";
import { ChatPanelHeader } from "./ChatPanelHeader";
import { ChatSignIn } from "./ChatSignIn";
import { useChatWidget } from "./use-chat-widget";

/** Props of {@link ChatWidget}. */
export interface ChatWidgetProps {
  side: "left" | "right";
  /** Open at once (a visitor clicked the button before this chunk loaded). */
  startOpen?: boolean;
}

/** The owner's floating chat: a button with the unread badge and the panel (history, typing, presence). */
export default function ChatWidget({ side, startOpen = false }: ChatWidgetProps) {
  const { t } = useTranslation("chat");
  const isPhone = useMediaQuery("(max-width: 576px)") ?? false;
  const chat = useChatWidget(startOpen);
  const { token, isOpen, setOpen } = chat;
  const panelId = useId();

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
        <ChatButton
          side={side}
          unread={chat.unread}
          isOpen={isOpen}
          panelId={panelId}
          onToggle={() => setOpen((v) => !v)}
        />
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
          <ChatPanelHeader
            isSignedIn={Boolean(token)}
            isOnline={chat.isOnline}
            onClose={() => setOpen(false)}
          />
          {!token ? <ChatSignIn onClose={() => setOpen(false)} /> : <ChatConversation chat={chat} />}
        </Paper>
      )}
    </>
  );
}
