import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { CODES, changePasswordCall, ZPasswordPair, ZSignInPassword } from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { failureKeyOf, fieldErrorsOf, type TCodeKey } from "../../../api/result-message";
import { useFieldMessage } from "../../../api/validation-message";
import { FormAlert } from "../../../ui/FormAlert";

const ZChangePasswordForm = ZPasswordPair.safeExtend({ currentPassword: ZSignInPassword });

type TValues = { currentPassword: string; password: string; passwordRepeat: string };

/** Changes the password (current, new, repeat); every other session of the account ends. */
export function ChangePasswordForm() {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useFieldMessage();
  const [failure, setFailure] = useState<TCodeKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TValues>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: "", password: "", passwordRepeat: "" },
  });

  const handleValid = async (values: TValues) => {
    setFailure(null);
    const res = await api(changePasswordCall, {
      current_password: values.currentPassword,
      password: values.password,
    });
    if (res.status) {
      reset();
      notifications.show({ color: "teal", message: t("account.password.done") });
      return;
    }
    const fields = fieldErrorsOf(res);
    if (fields.current_password) setError("currentPassword", { message: fields.current_password });
    if (fields.password) setError("password", { message: fields.password });
    if (fields.current_password || fields.password) return;
    if (res.rescode === CODES.wrongCredentials.rescode) {
      setError("currentPassword", { message: CODES.wrongCredentials.message });
    } else setFailure(failureKeyOf(res));
  };

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <form noValidate onSubmit={handleSubmit(handleValid, () => setFailure(null))}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t("account.password.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("account.password.lead")}
            </Text>
          </Stack>
          <Stack gap="md" maw={520}>
            <PasswordInput
              label={t("account.password.current")}
              autoComplete="current-password"
              error={fieldMessage(errors.currentPassword?.message)}
              {...register("currentPassword")}
            />
            <PasswordInput
              label={t("account.password.new")}
              description={t("passwordRule")}
              autoComplete="new-password"
              error={fieldMessage(errors.password?.message)}
              {...register("password")}
            />
            <PasswordInput
              label={t("account.password.repeat")}
              autoComplete="new-password"
              error={fieldMessage(errors.passwordRepeat?.message)}
              {...register("passwordRepeat")}
            />
          </Stack>
          <FormAlert message={failure === null ? null : tCodes(failure)} />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              {t("account.password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
