import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { ZPasswordPair } from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../components/AuthLayout";
import { NotSentNotice } from "../components/NotSentNotice";
import { useFieldMessage } from "../validation-message";

/**
 * `/passwd/reset/:token`: new password and its repeat, checked with the contract's rules. The
 * token in the path is used once accounts open; nothing is changed yet.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation("accounts");
  const fieldMessage = useFieldMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZPasswordPair),
    defaultValues: { password: "", passwordRepeat: "" },
  });

  return (
    <AuthLayout title={t("reset.pageTitle")} lead={t("reset.lead")} hasPromo={false}>
      <form
        noValidate
        onSubmit={handleSubmit(
          () => setNotice(t("reset.notSent")),
          () => setNotice(null),
        )}
      >
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
          <Button type="submit" fullWidth size="md">
            {t("reset.submit")}
          </Button>
          <NotSentNotice message={notice} />
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t("reset.backToLogin")}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
