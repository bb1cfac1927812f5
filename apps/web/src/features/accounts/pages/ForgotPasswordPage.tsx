import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Stack, TextInput } from "@mantine/core";
import { ZSignInForm } from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../components/AuthLayout";
import { NotSentNotice } from "../components/NotSentNotice";
import { useFieldMessage } from "../validation-message";

// The sign-in e-mail rule: an empty field gets its prompt before the format check.
const ZForgotForm = ZSignInForm.pick({ email: true });

/** `/forgotpass`: asks for the account's e-mail; the reset mail is sent once accounts open. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation("accounts");
  const fieldMessage = useFieldMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZForgotForm), defaultValues: { email: "" } });

  return (
    <AuthLayout title={t("forgot.pageTitle")} lead={t("forgot.lead")} hasPromo={false}>
      <form
        noValidate
        onSubmit={handleSubmit(
          () => setNotice(t("forgot.notSent")),
          () => setNotice(null),
        )}
      >
        <Stack gap="md">
          <TextInput
            label={t("forgot.email")}
            type="email"
            autoComplete="email"
            error={fieldMessage(errors.email?.message)}
            {...register("email")}
          />
          <Button type="submit" fullWidth size="md">
            {t("forgot.submit")}
          </Button>
          <NotSentNotice message={notice} />
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t("forgot.backToLogin")}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
