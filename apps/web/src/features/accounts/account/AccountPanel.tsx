import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../stores/use-current-user";
import { AccountOverview } from "./AccountOverview";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { DeleteAccount } from "./DeleteAccount";
import { LanguageSetting } from "./LanguageSetting";
import { SessionSettings } from "./SessionSettings";

/** Props of {@link AccountPanel}. */
export interface AccountPanelProps {
  /** The plan's billing (status, cancel, change, history): the billing area's, given by the studio. */
  billing?: ReactNode;
}

/** The studio's account page: who you are, your plan and trial, and the account's settings. */
export function AccountPanel({ billing }: AccountPanelProps) {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  const { user, status, load } = useCurrentUser();

  if (status === "failed") {
    return (
      <Alert
        role="alert"
        color="red"
        variant="light"
        icon={<IconAlertCircle />}
        title={tCodes("planLoadFailed")}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t("account.loadFailed")}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void load()}>
            {t("account.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (user === null) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader size="md" />
          <Text c="dimmed" size="sm">
            {tCodes("loading")}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <AccountOverview user={user} />
      {billing}
      <ChangePasswordForm />
      <LanguageSetting />
      <SessionSettings />
      <DeleteAccount />
    </Stack>
  );
}
