import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { ZSignInForm } from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../components/AuthLayout";
import { NotSentNotice } from "../components/NotSentNotice";
import { useFieldMessage } from "../validation-message";

/** `/login`: the sign-in form, checked with the contract's sign-in rules; accounts are not open yet. */
export default function LoginPage() {
  const { t } = useTranslation("accounts");
  const fieldMessage = useFieldMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: "", password: "" },
  });

  const handleValid = () => setNotice(t("login.notSent"));

  return (
    <AuthLayout title={t("login.pageTitle")} lead={t("login.lead")}>
      <form noValidate onSubmit={handleSubmit(handleValid, () => setNotice(null))}>
        <Stack gap="md">
          <TextInput
            label={t("login.email")}
            placeholder={t("login.emailPlaceholder")}
            type="email"
            autoComplete="username"
            error={fieldMessage(errors.email?.message)}
            {...register("email")}
          />
          <PasswordInput
            label={t("login.password")}
            placeholder={t("login.passwordPlaceholder")}
            autoComplete="current-password"
            error={fieldMessage(errors.password?.message)}
            {...register("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgotpass" size="sm">
              {t("login.forgot")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md">
            {t("login.submit")}
          </Button>
          <NotSentNotice message={notice} />
          <Text size="sm" ta="center" c="dimmed">
            {t("login.noAccount")}{" "}
            <Anchor component={Link} to="/register" fw={600}>
              {t("login.register")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
