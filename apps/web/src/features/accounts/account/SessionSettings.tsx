import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSignOut } from "../hooks/use-sign-out";
import { signOutEverywhere } from "../session-actions";

/** Sign out here, or everywhere (every device, after a confirmation). */
export function SessionSettings() {
  const { t } = useTranslation("accounts");
  const navigate = useNavigate();
  const { signOut, isPending } = useSignOut();
  const [isEnding, setEnding] = useState(false);

  const handleEverywhere = () => {
    modals.openConfirmModal({
      modalId: "sign-out-everywhere",
      title: t("account.sessions.confirmTitle"),
      centered: true,
      children: <Text size="sm">{t("account.sessions.confirmText")}</Text>,
      labels: { confirm: t("account.sessions.everywhere"), cancel: t("account.cancel") },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        setEnding(true);
        const isDone = await signOutEverywhere();
        setEnding(false);
        if (isDone) {
          notifications.show({ color: "teal", message: t("account.sessions.done") });
          await navigate("/");
        }
      },
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t("account.sessions.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("account.sessions.lead")}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={() => void signOut()} loading={isPending}>
            {t("account.sessions.here")}
          </Button>
          <Button variant="light" color="red" onClick={handleEverywhere} loading={isEnding}>
            {t("account.sessions.everywhere")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
