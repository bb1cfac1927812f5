/**
 * Where the owner's chat button shows, kept small because it sits in the first chunk: the panel
 * itself (socket.io client, history, the panel's words' components) is a lazy chunk loaded for
 * signed-in owners, or for a visitor on the first click (who is then invited to sign in).
 */
import { ActionIcon } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconMessageCircle } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import {
  isFormPage,
  isQuickContactVisible,
  QUICK_CONTACT_MOBILE_MAX_WIDTH,
} from "../../lib/quick-contact-rule";
import { useSession } from "../../stores/session";

const ChatWidget = lazy(() => import("./components/ChatWidget"));

/** Paths (lower-case prefixes) without the chat: the console has the inbox; viewers and embeds own their corners; sign-in flows. */
const HIDDEN_PREFIXES = [
  "/studio/admin",
  "/embed",
  "/share/",
  "/login",
  "/register",
  "/forgotpass",
  "/passwd/",
] as const;

/**
 * True when the chat button shows on `pathname`. Not in the content editor either: on phones its
 * panel bar runs along the bottom edge, where the button would cover the last panel's tab.
 */
export function isChatShown(pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (/^\/channel\/[^/]+\/content\//.test(path)) return false;
  if (/^\/studio\/user\/contents\/[^/]+/.test(path)) return false;
  return !HIDDEN_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The corner of the chat button: the quick-contact widget keeps the right one where it shows. */
export function chatSide(pathname: string): "left" | "right" {
  return isQuickContactVisible(pathname) ? "left" : "right";
}

/** The chat button for signed-in owners (and visitors, who are invited to sign in). */
export function ChatLauncher() {
  const { t } = useTranslation("chat");
  const { pathname } = useLocation();
  const isSignedIn = useSession((s) => s.accessToken !== null);
  const [isWanted, setWanted] = useState(false);
  const isPhone = useMediaQuery(`(max-width: ${QUICK_CONTACT_MOBILE_MAX_WIDTH}px)`) ?? false;
  if (!isChatShown(pathname) || (isPhone && isFormPage(pathname))) return null;
  const side = chatSide(pathname);
  if (isSignedIn || isWanted) {
    return (
      <Suspense fallback={null}>
        <ChatWidget side={side} startOpen={isWanted} />
      </Suspense>
    );
  }
  return (
    <ActionIcon
      size={52}
      radius="xl"
      variant="filled"
      aria-label={t("open")}
      onClick={() => setWanted(true)}
      style={{
        position: "fixed",
        bottom: 24,
        [side]: 24,
        zIndex: 160,
        boxShadow: "var(--mantine-shadow-md)",
      }}
    >
      <IconMessageCircle size={26} aria-hidden />
    </ActionIcon>
  );
}
