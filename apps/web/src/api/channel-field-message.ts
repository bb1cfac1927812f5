/**
 * The contract's English messages of a channel's or booth's fields, in the page's language: the
 * channel forms and the booth forms (which share the channel's rules) word them the same way.
 */
import { CHANNEL_MESSAGES, CODES, MESSAGES } from "@vitrine/contract";
import type { ParseKeys } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

const MESSAGE_KEYS: Record<string, ParseKeys<"channels">> = Object.fromEntries(
  Object.entries(CHANNEL_MESSAGES).map(([key, message]) => [
    message,
    `validation.${key}` as ParseKeys<"channels">,
  ]),
);

/** Turns the contract's English messages into the page's language. */
export function useChannelFieldMessage(): (message: string) => string {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  return useCallback(
    (message: string) => {
      if (message === MESSAGES.dunsFormat) return tCodes("dunsFormat");
      if (message === MESSAGES.invalidEmail) return t("validation.invalidEmail");
      if (message === CODES.fileInvalid.message) return tCodes("fileInvalid");
      const max = /^At most (\d+) characters\.$/.exec(message)?.[1];
      if (max) return t("validation.tooLong", { max: Number(max) });
      const key = MESSAGE_KEYS[message];
      return key ? t(key) : message;
    },
    [t, tCodes],
  );
}
