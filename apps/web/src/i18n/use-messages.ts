import { CODES, type TCallResult } from "@vitrine/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { codeKeyOf } from "../api/result-message";
import type { TLanguage } from "../stores/language";
import { resolveLanguage } from "./";

/** The language the page is shown in. */
export function useLanguage(): TLanguage {
  const { i18n } = useTranslation();
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Turns a failed answer into the sentence a user reads: the code's message in the page's
 * language; in English, a refused upload keeps the server's more precise wording.
 */
export function useResultMessage(): (
  result: Pick<TCallResult<unknown>, "rescode" | "transport" | "message">,
) => string {
  const { t } = useTranslation("codes");
  const lang = useLanguage();
  return useCallback(
    (result) => {
      const key = codeKeyOf(result);
      const isDetailed =
        lang === "en" &&
        result.transport === undefined &&
        result.rescode === CODES.fileInvalid.rescode &&
        typeof result.message === "string" &&
        result.message.startsWith(CODES.fileInvalid.message);
      return isDetailed && result.message ? result.message : t(key);
    },
    [t, lang],
  );
}
