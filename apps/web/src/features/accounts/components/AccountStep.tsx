import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
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
import { failureKeyOf, fieldErrorsOf, retryAfterOf, type TCodeKey } from "../../../api/result-message";
import { useFieldMessage } from "../../../api/validation-message";
import { currentLanguage } from "../../../i18n";
import { useCountdown } from "../../../lib/use-countdown";
import { FormAlert } from "../../../ui/FormAlert";

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

/** A line under the e-mail or code field: what the last send or verify did. */
type TStatus = { tone: "success" | "error"; key: TCodeKey };

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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [emailStatus, setEmailStatus] = useState<TStatus | null>(null);
  const [codeStatus, setCodeStatus] = useState<TStatus | null>(null);
  const [failure, setFailure] = useState<TCodeKey | null>(null);
  const [isSending, setSending] = useState(false);
  const [isVerifying, setVerifying] = useState(false);
  const waitSeconds = useCountdown(resendAt);
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

  const handleSend = async () => {
    setEmailStatus(null);
    if (!(await trigger("email"))) return;
    const address = getValues("email").trim();
    setSending(true);
    const res = await api(sendEmailCodeCall, { email: address, lang: currentLanguage() });
    setSending(false);
    if (res.status) {
      setSentTo(address);
      setVerifiedEmail(null);
      setCodeStatus(null);
      setResendAt(Date.now() + res.data.resend_after * 1000);
      setEmailStatus({ tone: "success", key: "emailSent" });
      return;
    }
    const fields = fieldErrorsOf(res);
    // A registered address is answered like a new one (its owner is mailed instead), so the
    // only failures here are the address's format, the resend wait and the mail server.
    if (fields.email) setError("email", { message: fields.email });
    else {
      const wait = retryAfterOf(res);
      if (wait !== null) setResendAt(Date.now() + wait * 1000);
      setEmailStatus({
        tone: "error",
        key: failureKeyOf(res),
      });
    }
  };

  const handleVerify = async () => {
    setCodeStatus(null);
    const isEmailValid = await trigger("email");
    const code = getValues("code").trim();
    const codeMessage = checkVerificationCode(code);
    if (codeMessage !== null) {
      setError("code", { message: codeMessage });
      return;
    }
    clearErrors("code");
    if (!isEmailValid) return;
    const address = getValues("email").trim();
    setVerifying(true);
    const res = await api(verifyEmailCodeCall, { email: address, code });
    setVerifying(false);
    if (res.status) {
      setVerifiedEmail(address);
      setCodeStatus({ tone: "success", key: "emailVerified" });
      return;
    }
    const fields = fieldErrorsOf(res);
    if (fields.code) setError("code", { message: fields.code });
    else if (fields.email) setError("email", { message: fields.email });
    else
      setCodeStatus({
        tone: "error",
        key: failureKeyOf(res),
      });
  };

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

  const sendLabel = isVerified
    ? t("register.verified")
    : sentTo === null
      ? t("register.send")
      : t("register.resend");
  const statusLine = (status: TStatus | null, testId: string) =>
    status === null ? null : (
      <Text
        size="sm"
        role={status.tone === "error" ? "alert" : "status"}
        c={status.tone === "error" ? "red.7" : "teal.8"}
        data-testid={testId}
      >
        {tCodes(status.key)}
      </Text>
    );

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
        <Stack gap={6}>
          <TextInput
            label={t("register.email")}
            description={t("register.emailHint")}
            type="email"
            autoComplete="email"
            withAsterisk
            readOnly={isVerified}
            error={fieldMessage(errors.email?.message)}
            inputContainer={(input) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1 }}>{input}</div>
                <Button
                  variant={isVerified ? "light" : "filled"}
                  color={isVerified ? "teal" : undefined}
                  onClick={handleSend}
                  loading={isSending}
                  disabled={isVerified || waitSeconds > 0}
                  leftSection={isVerified ? <IconCircleCheck size={16} /> : undefined}
                  miw={96}
                  data-testid="send-code"
                >
                  {waitSeconds > 0 && !isVerified
                    ? t("register.countdown", { label: sendLabel, seconds: waitSeconds })
                    : sendLabel}
                </Button>
              </Group>
            )}
            {...register("email")}
          />
          {statusLine(emailStatus, "email-status")}
        </Stack>
        <Stack gap={6}>
          <TextInput
            label={t("register.code")}
            placeholder={t("register.codePlaceholder")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            withAsterisk
            readOnly={isVerified}
            error={fieldMessage(errors.code?.message)}
            inputContainer={(input) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1 }}>{input}</div>
                <Button
                  variant="light"
                  onClick={handleVerify}
                  loading={isVerifying}
                  disabled={isVerified || sentTo === null}
                  miw={96}
                  data-testid="verify-code"
                >
                  {t("register.verify")}
                </Button>
              </Group>
            )}
            {...register("code")}
          />
          {statusLine(codeStatus, "code-status")}
        </Stack>
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
