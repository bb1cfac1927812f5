import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import {
  checkBusinessEmail,
  checkVerificationCode,
  connectSendCodeCall,
  connectVerifyCodeCall,
} from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { failureKeyOf, fieldErrorsOf, retryAfterOf, type TCodeKey } from "../../../api/result-message";
import { currentLanguage } from "../../../i18n";
import { useCountdown } from "../../../lib/use-countdown";
import { useMatchingMessage } from "../lib/messages";

/** A line under the e-mail or code field: what the last send or verify did. */
type TStatus = { tone: "success" | "error"; key: TCodeKey };

/** Props of {@link EmailCodeFields}. */
export interface EmailCodeFieldsProps {
  email: string;
  code: string;
  onEmailChange(value: string): void;
  onCodeChange(value: string): void;
  /** The address whose code was verified (null until then). */
  verifiedEmail: string | null;
  onVerified(email: string | null): void;
  /** Field errors (English contract messages) the form set on submit. */
  emailError?: string;
  codeError?: string;
  onErrors(errors: { email?: string; code?: string }): void;
}

/**
 * The business e-mail with its code (SPEC §4 e-mail verification: Send → Resend after the wait →
 * Verified), on the sign-up's code machinery. Checked in the browser first, so a bad address
 * sends nothing.
 */
export function EmailCodeFields({
  email,
  code,
  onEmailChange,
  onCodeChange,
  verifiedEmail,
  onVerified,
  emailError,
  codeError,
  onErrors,
}: EmailCodeFieldsProps) {
  const { t } = useTranslation("matching");
  const { t: tCodes } = useTranslation("codes");
  const message = useMatchingMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [emailStatus, setEmailStatus] = useState<TStatus | null>(null);
  const [codeStatus, setCodeStatus] = useState<TStatus | null>(null);
  const [isSending, setSending] = useState(false);
  const [isVerifying, setVerifying] = useState(false);
  const waitSeconds = useCountdown(resendAt);
  const address = email.trim();
  const isVerified = verifiedEmail !== null && verifiedEmail === address;

  const handleSend = async () => {
    setEmailStatus(null);
    const problem = checkBusinessEmail(address);
    if (problem !== null) {
      onErrors({ email: problem });
      return;
    }
    onErrors({ email: undefined });
    setSending(true);
    const res = await api(connectSendCodeCall, { email: address, lang: currentLanguage() });
    setSending(false);
    if (res.status) {
      setSentTo(address);
      onVerified(null);
      setCodeStatus(null);
      setResendAt(Date.now() + res.data.resend_after * 1000);
      setEmailStatus({ tone: "success", key: "emailSent" });
      return;
    }
    const fields = fieldErrorsOf(res);
    if (fields.email) onErrors({ email: fields.email });
    else {
      const wait = retryAfterOf(res);
      if (wait !== null) setResendAt(Date.now() + wait * 1000);
      setEmailStatus({ tone: "error", key: failureKeyOf(res) });
    }
  };

  const handleVerify = async () => {
    setCodeStatus(null);
    const emailProblem = checkBusinessEmail(address);
    const codeProblem = checkVerificationCode(code.trim());
    onErrors({ email: emailProblem ?? undefined, code: codeProblem ?? undefined });
    if (emailProblem !== null || codeProblem !== null) return;
    setVerifying(true);
    const res = await api(connectVerifyCodeCall, { email: address, code: code.trim() });
    setVerifying(false);
    if (res.status) {
      onVerified(address);
      setCodeStatus({ tone: "success", key: "emailVerified" });
      return;
    }
    const fields = fieldErrorsOf(res);
    if (fields.code || fields.email) onErrors({ code: fields.code, email: fields.email });
    else setCodeStatus({ tone: "error", key: failureKeyOf(res) });
  };

  const sendLabel = isVerified ? t("form.verified") : sentTo === null ? t("form.send") : t("form.resend");
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
    <>
      <Stack gap={6}>
        <TextInput
          label={t("form.email")}
          description={t("form.emailHint")}
          type="email"
          autoComplete="email"
          withAsterisk
          readOnly={isVerified}
          value={email}
          onChange={(e) => onEmailChange(e.currentTarget.value)}
          error={message(emailError)}
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
                miw={104}
                data-testid="connect-send-code"
              >
                {waitSeconds > 0 && !isVerified
                  ? t("form.countdown", { label: sendLabel, seconds: waitSeconds })
                  : sendLabel}
              </Button>
            </Group>
          )}
        />
        {statusLine(emailStatus, "connect-email-status")}
      </Stack>
      <Stack gap={6}>
        <TextInput
          label={t("form.code")}
          placeholder={t("form.codePlaceholder")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          readOnly={isVerified}
          value={code}
          onChange={(e) => onCodeChange(e.currentTarget.value)}
          error={message(codeError)}
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button
                variant="light"
                onClick={handleVerify}
                loading={isVerifying}
                disabled={isVerified || sentTo === null}
                miw={104}
                data-testid="connect-verify-code"
              >
                {t("form.verify")}
              </Button>
            </Group>
          )}
        />
        {statusLine(codeStatus, "connect-code-status")}
      </Stack>
    </>
  );
}
