import { Button, Group, List, Modal, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { CODES, checkSignInPassword, deleteAccountCall } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../../api";
import { failureKeyOf, fieldErrorsOf, type TCodeKey } from "../../../api/result-message";
import { useFieldMessage } from "../../../api/validation-message";
import { useSession } from "../../../stores/session";
import { FormAlert } from "../../../ui/FormAlert";

/** Deletes the account after a confirmation that asks for the password and says what goes. */
export function DeleteAccount() {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const [isOpen, dialog] = useDisclosure(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<TCodeKey | null>(null);
  const [isDeleting, setDeleting] = useState(false);

  const close = () => {
    dialog.close();
    setPassword("");
    setPasswordError(undefined);
    setFailure(null);
  };

  const handleDelete = async () => {
    setFailure(null);
    const message = checkSignInPassword(password);
    setPasswordError(message ?? undefined);
    if (message !== null) return;
    setDeleting(true);
    const res = await api(deleteAccountCall, { password });
    setDeleting(false);
    if (res.status) {
      dialog.close();
      useSession.getState().clearSession();
      notifications.show({ color: "teal", message: t("account.delete.done") });
      await navigate("/");
      return;
    }
    const fields = fieldErrorsOf(res);
    if (fields.password) setPasswordError(fields.password);
    else if (res.rescode === CODES.wrongCredentials.rescode) setPasswordError(CODES.wrongCredentials.message);
    else setFailure(failureKeyOf(res));
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
      style={{ borderColor: "var(--mantine-color-red-3)" }}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" c="red.8">
            {t("account.delete.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("account.delete.lead")}
          </Text>
        </Stack>
        <Group>
          <Button color="red" variant="outline" onClick={dialog.open}>
            {t("account.delete.open")}
          </Button>
        </Group>
      </Stack>
      <Modal opened={isOpen} onClose={close} title={t("account.delete.confirmTitle")} centered>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void handleDelete();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t("account.delete.confirmText")}</Text>
            <List size="sm" spacing={4}>
              <List.Item>{t("account.delete.what1")}</List.Item>
              <List.Item>{t("account.delete.what2")}</List.Item>
              <List.Item>{t("account.delete.what3")}</List.Item>
            </List>
            <PasswordInput
              label={t("account.delete.password")}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fieldMessage(passwordError)}
              data-autofocus
            />
            <FormAlert message={failure === null ? null : tCodes(failure)} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t("account.cancel")}
              </Button>
              <Button type="submit" color="red" loading={isDeleting}>
                {t("account.delete.confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
