/**
 * The words of the connecting form's errors: field errors stay the contract's English messages
 * (the browser's check and the server's answer use the same ones) and are translated only when
 * shown — the §5 business-form messages here, the account messages (e-mail format, code) by the
 * accounts feature.
 */
import { CONNECT_MESSAGES, MESSAGES } from "@vitrine/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useFieldMessage } from "../../../api/validation-message";

const FORM_MESSAGES = {
  emptyBusinessEmail: MESSAGES.emptyBusinessEmail,
  selectCountry: MESSAGES.selectCountry,
  emptyCompany: MESSAGES.emptyCompany,
  emptyContactPerson: MESSAGES.emptyContactPerson,
  emptyJobTitle: MESSAGES.emptyJobTitle,
  selectIndustry: MESSAGES.selectIndustry,
  emptyIndustryOther: MESSAGES.emptyIndustryOther,
  selectBusinessType: MESSAGES.selectBusinessType,
  selectInquiryType: MESSAGES.selectInquiryType,
  emptyNeeds: CONNECT_MESSAGES.emptyNeeds,
  settingsConsent: CONNECT_MESSAGES.settingsConsent,
} as const;

/** The `matching:validation` key of an English contract message, if it is one of the form's. */
export function matchingMessageKey(message: string): keyof typeof FORM_MESSAGES | null {
  const entry = Object.entries(FORM_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as keyof typeof FORM_MESSAGES) : null;
}

/** Translates a field error of the matching forms into the page's language. */
export function useMatchingMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation("matching");
  const accountMessage = useFieldMessage();
  return useCallback(
    (message) => {
      if (message === undefined || message === "") return undefined;
      const key = matchingMessageKey(message);
      if (key !== null) return t(`validation.${key}`);
      const tooLong = /^At most (\d+) characters\.$/.exec(message);
      if (tooLong) return t("validation.tooLong", { max: Number(tooLong[1]) });
      return accountMessage(message);
    },
    [t, accountMessage],
  );
}
