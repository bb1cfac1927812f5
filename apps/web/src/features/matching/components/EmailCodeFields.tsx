import {
  checkBusinessEmail,
  checkVerificationCode,
  connectSendCodeCall,
  connectVerifyCodeCall,
} from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { currentLanguage } from "../../../i18n";
import { EmailCodeFields as Fields } from "../../../ui/EmailCodeFields";
import { useEmailCode } from "../../../ui/use-email-code";
import { useMatchingMessage } from "../lib/messages";

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
  const message = useMatchingMessage();
  const state = useEmailCode({
    send: (address) => api(connectSendCodeCall, { email: address, lang: currentLanguage() }),
    verify: (address, typed) => api(connectVerifyCodeCall, { email: address, code: typed }),
    onVerified,
    onFieldErrors: onErrors,
  });
  const address = email.trim();
  const isVerified = verifiedEmail !== null && verifiedEmail === address;

  const handleSend = () =>
    state.handleSend(() => {
      const problem = checkBusinessEmail(address);
      if (problem !== null) {
        onErrors({ email: problem });
        return null;
      }
      onErrors({ email: undefined });
      return address;
    });

  const handleVerify = () =>
    state.handleVerify(() => {
      const emailProblem = checkBusinessEmail(address);
      const codeProblem = checkVerificationCode(code.trim());
      onErrors({ email: emailProblem ?? undefined, code: codeProblem ?? undefined });
      if (emailProblem !== null || codeProblem !== null) return null;
      return { email: address, code: code.trim() };
    });

  return (
    <Fields
      state={state}
      isVerified={isVerified}
      texts={{
        email: t("form.email"),
        emailHint: t("form.emailHint"),
        code: t("form.code"),
        codePlaceholder: t("form.codePlaceholder"),
        send: t("form.send"),
        resend: t("form.resend"),
        verified: t("form.verified"),
        verify: t("form.verify"),
        countdown: (label, seconds) => t("form.countdown", { label, seconds }),
      }}
      emailInput={{ value: email, onChange: (e) => onEmailChange(e.currentTarget.value) }}
      codeInput={{ value: code, onChange: (e) => onCodeChange(e.currentTarget.value) }}
      emailError={message(emailError)}
      codeError={message(codeError)}
      onSend={() => void handleSend()}
      onVerify={() => void handleVerify()}
      testIdPrefix="connect-"
      buttonWidth={104}
    />
  );
}
