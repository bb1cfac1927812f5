import { Button, Group, Stack, Text, TextInput, type TextInputProps } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { TEmailCode, TEmailCodeStatus } from "./use-email-code";

/** The fields' words, already translated (each form has its own). */
export interface TEmailCodeTexts {
  email: string;
  emailHint: string;
  code: string;
  codePlaceholder: string;
  send: string;
  resend: string;
  verified: string;
  verify: string;
  /** The send button during the wait: its label with the seconds left. */
  countdown(label: string, seconds: number): string;
}

/** What a form binds to one input: a value and handler, or react-hook-form's `register(…)`. */
export type TEmailCodeInput = Partial<TextInputProps> & { ref?: Ref<HTMLInputElement> };

/** Props of {@link EmailCodeFields}. */
export interface EmailCodeFieldsProps {
  /** The e-mail code's state and actions ({@link useEmailCode}). */
  state: TEmailCode;
  /** True when the address in the field is the verified one (both fields are then read-only). */
  isVerified: boolean;
  texts: TEmailCodeTexts;
  emailInput: TEmailCodeInput;
  codeInput: TEmailCodeInput;
  /** The fields' errors, already translated. */
  emailError?: string | undefined;
  codeError?: string | undefined;
  onSend(): void;
  onVerify(): void;
  /** Put before the test ids (`send-code`, `verify-code`, `email-status`, `code-status`). */
  testIdPrefix?: string;
  /** The buttons' least width (px). */
  buttonWidth?: number;
}

/**
 * An e-mail with its send button and the code with its verify button, each with a line saying
 * what the last send or verify did (SPEC §4 e-mail verification).
 */
export function EmailCodeFields({
  state,
  isVerified,
  texts,
  emailInput,
  codeInput,
  emailError,
  codeError,
  onSend,
  onVerify,
  testIdPrefix = "",
  buttonWidth = 96,
}: EmailCodeFieldsProps) {
  const { t: tCodes } = useTranslation("codes");
  const sendLabel = isVerified ? texts.verified : state.hasSent ? texts.resend : texts.send;
  const statusLine = (status: TEmailCodeStatus | null, testId: string) =>
    status === null ? null : (
      <Text
        size="sm"
        role={status.tone === "error" ? "alert" : "status"}
        c={status.tone === "error" ? "red.7" : "teal.8"}
        data-testid={`${testIdPrefix}${testId}`}
      >
        {tCodes(status.key)}
      </Text>
    );

  return (
    <>
      <Stack gap={6}>
        <TextInput
          label={texts.email}
          description={texts.emailHint}
          type="email"
          autoComplete="email"
          withAsterisk
          readOnly={isVerified}
          error={emailError}
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button
                variant={isVerified ? "light" : "filled"}
                color={isVerified ? "teal" : undefined}
                onClick={onSend}
                loading={state.isSending}
                disabled={isVerified || state.waitSeconds > 0}
                leftSection={isVerified ? <IconCircleCheck size={16} /> : undefined}
                miw={buttonWidth}
                data-testid={`${testIdPrefix}send-code`}
              >
                {state.waitSeconds > 0 && !isVerified
                  ? texts.countdown(sendLabel, state.waitSeconds)
                  : sendLabel}
              </Button>
            </Group>
          )}
          {...emailInput}
        />
        {statusLine(state.emailStatus, "email-status")}
      </Stack>
      <Stack gap={6}>
        <TextInput
          label={texts.code}
          placeholder={texts.codePlaceholder}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          readOnly={isVerified}
          error={codeError}
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button
                variant="light"
                onClick={onVerify}
                loading={state.isVerifying}
                disabled={isVerified || !state.hasSent}
                miw={buttonWidth}
                data-testid={`${testIdPrefix}verify-code`}
              >
                {texts.verify}
              </Button>
            </Group>
          )}
          {...codeInput}
        />
        {statusLine(state.codeStatus, "code-status")}
      </Stack>
    </>
  );
}
