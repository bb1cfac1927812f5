import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

/** Props of {@link ChatSignIn}. */
export interface ChatSignInProps {
  /** Shuts the panel as the visitor goes to sign in. */
  onClose(): void;
}

/** A visitor's invitation in the chat panel: sign in (and come back to this page) to talk to us. */
export function ChatSignIn({ onClose }: ChatSignInProps) {
  const { t } = useTranslation("chat");
  const { pathname } = useLocation();
  return (
    <Stack p="md" gap="sm" data-testid="chat-sign-in">
      <Text fw={600}>{t("signInTitle")}</Text>
      <Text size="sm" c="dimmed">
        {t("signInText")}
      </Text>
      <Button component={Link} to="/login" state={{ from: pathname }} onClick={onClose}>
        {t("signIn")}
      </Button>
    </Stack>
  );
}
