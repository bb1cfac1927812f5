import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Stack, TextInput } from "@mantine/core";
import { forgotPasswordCall, ZSignInForm } from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { failureKeyOf, fieldErrorsOf, type TCodeKey } from "../../../api/result-message";
import { useFieldMessage } from "../../../api/validation-message";
import { currentLanguage } from "../../../i18n";
import { FormAlert } from "../../../ui/FormAlert";
import { AuthLayout } from "../components/AuthLayout";

// The sign-in e-mail rule: an empty field gets its prompt before the format check.
const ZForgotForm = ZSignInForm.pick({ email: true });

/**
 * `/forgotpass`: asks for the account's e-mail and mails a reset link. The answer is the same
 * whether or not the address has an account, so the page never tells who is registered.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useFieldMessage();
  const [isSent, setSent] = useState(false);
  const [failure, setFailure] = useState<TCodeKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZForgotForm), defaultValues: { email: "" } });

  const handleValid = async ({ email }: { email: string }) => {
    setFailure(null);
    const res = await api(forgotPasswordCall, { email, lang: currentLanguage() });
    if (res.status) {
      setSent(true);
      return;
    }
    const fields = fieldErrorsOf(res);
    if (fields.email) setError("email", { message: fields.email });
    else setFailure(failureKeyOf(res));
  };

  return (
    <AuthLayout title={t("forgot.pageTitle")} lead={t("forgot.lead")} hasPromo={false}>
      <form noValidate onSubmit={handleSubmit(handleValid, () => setFailure(null))}>
        <Stack gap="md">
          {isSent ? <FormAlert tone="success" message={t("forgot.sent")} /> : null}
          <TextInput
            label={t("forgot.email")}
            type="email"
            autoComplete="email"
            error={fieldMessage(errors.email?.message)}
            {...register("email")}
          />
          <FormAlert message={failure === null ? null : tCodes(failure)} />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {isSent ? t("forgot.again") : t("forgot.submit")}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t("forgot.backToLogin")}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
