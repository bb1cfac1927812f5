import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { CODES, resetPasswordCall, ZPasswordPair } from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { api } from "../../../api";
import { failureKeyOf, fieldErrorsOf, type TCodeKey } from "../../../api/result-message";
import { useFieldMessage } from "../../../api/validation-message";
import { FormAlert } from "../../../ui/FormAlert";
import { AuthLayout } from "../components/AuthLayout";

/**
 * `/passwd/reset/:token`: new password and its repeat. Success goes to `/login` with a
 * confirmation; a link that is wrong, used or over an hour old says so and offers a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const { token = "" } = useParams();
  const [isLinkInvalid, setLinkInvalid] = useState(false);
  const [failure, setFailure] = useState<TCodeKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZPasswordPair),
    defaultValues: { password: "", passwordRepeat: "" },
  });

  const handleValid = async ({ password }: { password: string }) => {
    setFailure(null);
    const res = await api(resetPasswordCall, { token, password });
    if (res.status) {
      await navigate("/login", { replace: true, state: { notice: "passwordReset" } });
      return;
    }
    const fields = fieldErrorsOf(res);
    // An unknown, used or expired token says so (older servers: "not found"); a malformed one fails the token rule.
    const isDeadLink =
      res.rescode === CODES.resetLinkInvalid.rescode || res.rescode === CODES.notFound.rescode;
    if (isDeadLink || fields.token) setLinkInvalid(true);
    else if (fields.password) setError("password", { message: fields.password });
    else setFailure(failureKeyOf(res));
  };

  if (isLinkInvalid) {
    return (
      <AuthLayout title={t("reset.pageTitle")} lead={t("reset.lead")} hasPromo={false}>
        <Stack gap="md">
          <FormAlert title={t("reset.invalidTitle")} message={t("reset.invalidText")} />
          <Button component={Link} to="/forgotpass" fullWidth size="md">
            {t("reset.askAgain")}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t("reset.backToLogin")}
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("reset.pageTitle")} lead={t("reset.lead")} hasPromo={false}>
      <form noValidate onSubmit={handleSubmit(handleValid, () => setFailure(null))}>
        <Stack gap="md">
          <PasswordInput
            label={t("reset.password")}
            description={t("passwordRule")}
            autoComplete="new-password"
            error={fieldMessage(errors.password?.message)}
            {...register("password")}
          />
          <PasswordInput
            label={t("reset.passwordRepeat")}
            autoComplete="new-password"
            error={fieldMessage(errors.passwordRepeat?.message)}
            {...register("passwordRepeat")}
          />
          <Text size="sm" c="dimmed">
            {t("reset.sessionsEnd")}
          </Text>
          <FormAlert message={failure === null ? null : tCodes(failure)} />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t("reset.submit")}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t("reset.backToLogin")}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
