import { CODES, MESSAGES } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import type { TCodeKey } from "./result-message";

const TRANSLATED = [
  "invalidEmail",
  "passwordFormat",
  "passwordMismatch",
  "emptyEmail",
  "emptyPassword",
  "consentRequired",
  "emptyCode",
  "codeMismatch",
] as const satisfies readonly (keyof typeof MESSAGES)[];

/** The account-form messages of the contract this feature translates (`accounts:validation.<key>`). */
export type TAccountMessageKey = (typeof TRANSLATED)[number];

/** The contract key of an English rule message, so the form can show it in the visitor's language. */
export function accountMessageKey(message: string): TAccountMessageKey | null {
  return TRANSLATED.find((key) => MESSAGES[key] === message) ?? null;
}

/** The `codes` key of an English result-code message ('You have a registered ID', …), if any. */
export function codeMessageKey(message: string): TCodeKey | null {
  const code = Object.values(CODES).find((c) => c.message === message);
  return code ? (code.key as TCodeKey) : null;
}

/**
 * Translates a field error. Field errors are kept as the English words of the contract (its zod
 * rules and the server's answers use the same ones) and translated only when shown; a message
 * with no key falls back to a generic prompt rather than showing English on a Korean page.
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  return (message) => {
    if (message === undefined || message === "") return undefined;
    const key = accountMessageKey(message);
    if (key !== null) return t(`validation.${key}`);
    const codeKey = codeMessageKey(message);
    return codeKey === null ? t("validation.other") : tCodes(codeKey);
  };
}
