import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { ZEmail, ZPasswordPair, ZVerificationCode } from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../validation-message";
import { NotSentNotice } from "./NotSentNotice";

// The contract's password pair keeps its mismatch rule when the other sign-up fields join it.
const ZRegisterForm = ZPasswordPair.safeExtend({
  emailId: ZEmail,
  email: ZEmail,
  code: ZVerificationCode,
});

/** Props of {@link AccountStep}. */
export interface AccountStepProps {
  /** Back to the consent step. */
  onBack: () => void;
}

/** Sign-up step 2: e-mail ID, e-mail with send button, code, password and repeat (SPEC §3). */
export function AccountStep({ onBack }: AccountStepProps) {
  const { t } = useTranslation("accounts");
  const fieldMessage = useFieldMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { emailId: "", email: "", code: "", password: "", passwordRepeat: "" },
  });

  const handleSend = async () => {
    const isValid = await trigger("email");
    setNotice(isValid ? t("register.codeNotSent") : null);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(
        () => setNotice(t("register.notSent")),
        () => setNotice(null),
      )}
    >
      <Stack gap="md">
        <TextInput
          label={t("register.emailId")}
          description={t("register.emailIdHint")}
          type="email"
          autoComplete="username"
          withAsterisk
          error={fieldMessage(errors.emailId?.message)}
          {...register("emailId")}
        />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t("register.email")}
            description={t("register.emailHint")}
            type="email"
            autoComplete="email"
            withAsterisk
            error={fieldMessage(errors.email?.message)}
            {...register("email")}
          />
          <Button variant="light" onClick={handleSend} mt={45}>
            {t("register.send")}
          </Button>
        </Group>
        <TextInput
          label={t("register.code")}
          placeholder={t("register.codePlaceholder")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          error={fieldMessage(errors.code?.message)}
          {...register("code")}
        />
        <PasswordInput
          label={t("register.password")}
          description={t("passwordRule")}
          autoComplete="new-password"
          withAsterisk
          error={fieldMessage(errors.password?.message)}
          {...register("password")}
        />
        <PasswordInput
          label={t("register.passwordRepeat")}
          autoComplete="new-password"
          withAsterisk
          error={fieldMessage(errors.passwordRepeat?.message)}
          {...register("passwordRepeat")}
        />
        <Group grow gap="sm">
          <Button variant="default" size="md" onClick={onBack}>
            {t("register.back")}
          </Button>
          <Button type="submit" size="md">
            {t("register.submit")}
          </Button>
        </Group>
        <NotSentNotice message={notice} />
      </Stack>
    </form>
  );
}
