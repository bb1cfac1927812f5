import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import {
  CODES,
  checkVerificationCode,
  registerCall,
  sendEmailCodeCall,
  type TConsents,
  verifyEmailCodeCall,
  ZEmail,
  ZPasswordPair,
  ZVerificationCode,
} from "@vitrine/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../../api";
import { failureKeyOf, fieldErrorsOf, type TCodeKey } from "../../../api/result-message";
import { useFieldMessage } from "../../../api/validation-message";
import { currentLanguage } from "../../../i18n";
import { EmailCodeFields } from "../../../ui/EmailCodeFields";
import { FormAlert } from "../../../ui/FormAlert";
import { useEmailCode } from "../../../ui/use-email-code";

// The contract's password pair keeps its mismatch rule when the other sign-up fields join it.
const ZRegisterForm = ZPasswordPair.safeExtend({
  emailId: ZEmail,
  email: ZEmail,
  code: ZVerificationCode,
});

type TRegisterValues = {
  emailId: string;
  email: string;
  code: string;
  password: string;
  passwordRepeat: string;
};

/** Props of {@link AccountStep}. */
export interface AccountStepProps {
  /** The consents given on the first step; sent with the sign-up. */
  consents: TConsents;
  /** Back to the consent step. */
  onBack: () => void;
}

/**
 * Sign-up step 2 (SPEC §3, §4): e-mail ID, e-mail with a send button (Send → Resend after a
 * 60 s wait → Verified), the code with its verify button, password and repeat. Every rule is
 * checked in the browser first, so a bad form sends nothing.
 */
export function AccountStep({ consents, onBack }: AccountStepProps) {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<TCodeKey | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TRegisterValues>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { emailId: "", email: "", code: "", password: "", passwordRepeat: "" },
  });
  const email = watch("email").trim();
  const isVerified = verifiedEmail !== null && verifiedEmail === email;

  const emailCode = useEmailCode({
    send: (address) => api(sendEmailCodeCall, { email: address, lang: currentLanguage() }),
    verify: (address, code) => api(verifyEmailCodeCall, { email: address, code }),
    onVerified: setVerifiedEmail,
    onFieldErrors: (fields) => {
      if (fields.code) setError("code", { message: fields.code });
      else if (fields.email) setError("email", { message: fields.email });
    },
  });

  const handleSend = () =>
    emailCode.handleSend(async () => {
      if (!(await trigger("email"))) return null;
      return getValues("email").trim();
    });

  const handleVerify = () =>
    emailCode.handleVerify(async () => {
      const isEmailValid = await trigger("email");
      const code = getValues("code").trim();
      const codeMessage = checkVerificationCode(code);
      if (codeMessage !== null) {
        setError("code", { message: codeMessage });
        return null;
      }
      clearErrors("code");
      if (!isEmailValid) return null;
      return { email: getValues("email").trim(), code };
    });

  const handleValid = async (values: TRegisterValues) => {
    setFailure(null);
    if (!isVerified) {
      setError("code", { message: CODES.emailUnverified.message });
      return;
    }
    const res = await api(registerCall, {
      email_id: values.emailId.trim(),
      email: values.email.trim(),
      password: values.password,
      code: values.code.trim(),
      consents,
      lang: currentLanguage(),
    });
    if (res.status) {
      await navigate("/login", { state: { notice: "registered" } });
      return;
    }
    const fields = fieldErrorsOf(res);
    const formFields = { email_id: "emailId", email: "email", password: "password", code: "code" } as const;
    let isShown = false;
    for (const [field, name] of Object.entries(formFields)) {
      const message = fields[field];
      if (message) {
        setError(name, { message });
        isShown = true;
      }
    }
    if (isShown) return;
    if (res.rescode === CODES.duplicateId.rescode)
      setError("emailId", { message: CODES.duplicateId.message });
    else if (res.rescode === CODES.emailUnverified.rescode) {
      setVerifiedEmail(null);
      setError("code", { message: CODES.emailUnverified.message });
    } else setFailure(failureKeyOf(res));
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleValid, () => setFailure(null))}>
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
        <EmailCodeFields
          state={emailCode}
          isVerified={isVerified}
          texts={{
            email: t("register.email"),
            emailHint: t("register.emailHint"),
            code: t("register.code"),
            codePlaceholder: t("register.codePlaceholder"),
            send: t("register.send"),
            resend: t("register.resend"),
            verified: t("register.verified"),
            verify: t("register.verify"),
            countdown: (label, seconds) => t("register.countdown", { label, seconds }),
          }}
          emailInput={register("email")}
          codeInput={register("code")}
          emailError={fieldMessage(errors.email?.message)}
          codeError={fieldMessage(errors.code?.message)}
          onSend={() => void handleSend()}
          onVerify={() => void handleVerify()}
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
        <FormAlert message={failure === null ? null : tCodes(failure)} />
        <Group grow gap="sm">
          <Button variant="default" size="md" onClick={onBack}>
            {t("register.back")}
          </Button>
          <Button type="submit" size="md" loading={isSubmitting}>
            {t("register.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
