import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { loginCall, ZSignInForm } from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { api } from "../../../api";
import {
  failureKeyOf,
  fieldErrorsOf,
  isLimited,
  retryAfterOf,
  type TCodeKey,
} from "../../../api/result-message";
import { useFieldMessage } from "../../../api/validation-message";
import { FormAlert } from "../../../ui/FormAlert";
import { AuthLayout } from "../components/AuthLayout";
import { completeSignIn, returnPathOf } from "../session-actions";

/** What another page may ask the sign-in page to say on arrival (`location.state.notice`). */
export type TLoginNotice = "registered" | "passwordReset";

function noticeOf(state: unknown): TLoginNotice | null {
  const notice = typeof state === "object" && state !== null ? (state as { notice?: unknown }).notice : null;
  return notice === "registered" || notice === "passwordReset" ? notice : null;
}

/** `/login`: e-mail and password; on success the token is kept in memory and the studio opens. */
export default function LoginPage() {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = noticeOf(location.state);
  const [failure, setFailure] = useState<TCodeKey | null>(null);
  // Minutes the server asks to wait after too many tries (rounded up, at least one).
  const [waitMinutes, setWaitMinutes] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: "", password: "" },
  });

  const handleValid = async (values: { email: string; password: string }) => {
    setFailure(null);
    setWaitMinutes(null);
    const res = await api(loginCall, { email_id: values.email, password: values.password });
    if (res.status) {
      completeSignIn(res.data.atk, res.data.user_id);
      await navigate(returnPathOf(location.state), { replace: true });
      return;
    }
    const fields = fieldErrorsOf(res);
    if (fields.email_id) setError("email", { message: fields.email_id });
    if (fields.password) setError("password", { message: fields.password });
    if (fields.email_id || fields.password) return;
    const wait = isLimited(res) ? retryAfterOf(res) : null;
    if (wait !== null) setWaitMinutes(Math.max(1, Math.ceil(wait / 60)));
    else setFailure(failureKeyOf(res));
  };

  return (
    <AuthLayout title={t("login.pageTitle")} lead={t("login.lead")}>
      <form
        noValidate
        onSubmit={handleSubmit(handleValid, () => {
          setFailure(null);
          setWaitMinutes(null);
        })}
      >
        <Stack gap="md">
          {notice === "registered" ? (
            <FormAlert tone="success" message={tCodes("membershipCompleted")} />
          ) : null}
          {notice === "passwordReset" ? <FormAlert tone="success" message={t("reset.done")} /> : null}
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
          <FormAlert
            message={
              waitMinutes !== null
                ? t("login.tryAgainIn", { count: waitMinutes })
                : failure === null
                  ? null
                  : tCodes(failure)
            }
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t("login.submit")}
          </Button>
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
