import { MESSAGES } from "@vitrine/contract";
import { useTranslation } from "react-i18next";

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

/**
 * Translates a field error coming from the contract's zod rules. The rules speak English (the
 * server answers with the same words); a message this feature has no key for falls back to a
 * generic prompt rather than showing English on a Korean page.
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation("accounts");
  return (message) => {
    if (message === undefined || message === "") return undefined;
    const key = accountMessageKey(message);
    return key === null ? t("validation.other") : t(`validation.${key}`);
  };
}
