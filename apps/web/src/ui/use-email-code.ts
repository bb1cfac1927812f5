/**
 * The machinery of an e-mail code (SPEC §4 e-mail verification): send the code (Send → Resend
 * after the wait the server names → Verified), then verify it. The sign-up and the business
 * connecting form run it with their own calls and field rules.
 */
import type { TCallResult } from "@vitrine/contract";
import { useState } from "react";
import { failureKeyOf, fieldErrorsOf, retryAfterOf, type TCodeKey } from "../api/result-message";
import { useCountdown } from "../lib/use-countdown";

/** A line under the e-mail or code field: what the last send or verify did. */
export type TEmailCodeStatus = { tone: "success" | "error"; key: TCodeKey };

/** Field errors of a send or verify (English contract messages). */
export interface TEmailCodeErrors {
  email?: string | undefined;
  code?: string | undefined;
}

/** What {@link useEmailCode} needs from its form. */
export interface TEmailCodeOptions {
  /** Sends a code to the address; the answer names the wait before a resend. */
  send(email: string): Promise<TCallResult<{ resend_after: number }>>;
  /** Checks the code the visitor typed for the address. */
  verify(email: string, code: string): Promise<TCallResult<unknown>>;
  /** The address whose code was verified, or null once a new code was sent. */
  onVerified(email: string | null): void;
  /** Field errors the server named for the address or the code. */
  onFieldErrors(errors: TEmailCodeErrors): void;
}

/** The state of an e-mail code and its two actions. */
export interface TEmailCode {
  /** True once a code was sent (the button says Resend, the code can be verified). */
  hasSent: boolean;
  /** Seconds before another code may be sent. */
  waitSeconds: number;
  emailStatus: TEmailCodeStatus | null;
  codeStatus: TEmailCodeStatus | null;
  isSending: boolean;
  isVerifying: boolean;
  /** Sends a code to the address `check` answers once the form's rules pass (null: nothing is sent). */
  handleSend(check: () => string | null | Promise<string | null>): Promise<void>;
  /** Verifies the code `check` answers once the form's rules pass (null: nothing is sent). */
  handleVerify(
    check: () => { email: string; code: string } | null | Promise<{ email: string; code: string } | null>,
  ): Promise<void>;
}

async function settle<T>(value: T | Promise<T>): Promise<T> {
  return value instanceof Promise ? await value : value;
}

/** Runs an e-mail code for one form. */
export function useEmailCode(options: TEmailCodeOptions): TEmailCode {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [emailStatus, setEmailStatus] = useState<TEmailCodeStatus | null>(null);
  const [codeStatus, setCodeStatus] = useState<TEmailCodeStatus | null>(null);
  const [isSending, setSending] = useState(false);
  const [isVerifying, setVerifying] = useState(false);
  const waitSeconds = useCountdown(resendAt);

  const handleSend: TEmailCode["handleSend"] = async (check) => {
    setEmailStatus(null);
    const address = await settle(check());
    if (address === null) return;
    setSending(true);
    const res = await options.send(address);
    setSending(false);
    if (res.status) {
      setSentTo(address);
      options.onVerified(null);
      setCodeStatus(null);
      setResendAt(Date.now() + res.data.resend_after * 1000);
      setEmailStatus({ tone: "success", key: "emailSent" });
      return;
    }
    const fields = fieldErrorsOf(res);
    // A registered address is answered like a new one (its owner is mailed instead), so the
    // only failures here are the address's format, the resend wait and the mail server.
    if (fields.email) options.onFieldErrors({ email: fields.email });
    else {
      const wait = retryAfterOf(res);
      if (wait !== null) setResendAt(Date.now() + wait * 1000);
      setEmailStatus({ tone: "error", key: failureKeyOf(res) });
    }
  };

  const handleVerify: TEmailCode["handleVerify"] = async (check) => {
    setCodeStatus(null);
    const input = await settle(check());
    if (input === null) return;
    setVerifying(true);
    const res = await options.verify(input.email, input.code);
    setVerifying(false);
    if (res.status) {
      options.onVerified(input.email);
      setCodeStatus({ tone: "success", key: "emailVerified" });
      return;
    }
    const fields = fieldErrorsOf(res);
    if (fields.code || fields.email) options.onFieldErrors({ code: fields.code, email: fields.email });
    else setCodeStatus({ tone: "error", key: failureKeyOf(res) });
  };

  return {
    hasSent: sentTo !== null,
    waitSeconds,
    emailStatus,
    codeStatus,
    isSending,
    isVerifying,
    handleSend,
    handleVerify,
  };
}
