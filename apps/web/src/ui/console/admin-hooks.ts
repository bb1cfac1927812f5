/**
 * Shared helpers of the console pages: times in the reader's zone (§9: KST for Korean), a date
 * field's day as the end of that day, and running an action with its
 * message (the server's code in the page's language) and field errors.
 */
import { notifications } from "@mantine/notifications";
import type { TLanguage } from "@vitrine/contract";
import {
  ADMIN_MESSAGES,
  ADMIN_USER_MESSAGES,
  formatForLanguage,
  KOREA_TIME_ZONE,
  type TCall,
  type TCallInput,
  type TCallOutput,
  zonedParts,
} from "@vitrine/contract";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api";
import { codeKeyOf, fieldErrorsOf } from "../../api/result-message";
import { useLanguage } from "../../i18n/use-messages";

/** Formats times for the reader: `when` date and time, `day` the date only. */
export function useAdminTime(): { when(iso: string | null): string; day(iso: string | null): string } {
  const lang = useLanguage();
  return {
    when: (iso) => (iso ? formatForLanguage(iso, lang) : ""),
    day: (iso) => (iso ? formatForLanguage(iso, lang, undefined, "date") : ""),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD` of a time in the reader's zone (KST for Korean), for a date field. */
export function dateFieldOf(date: Date, lang: TLanguage): string {
  const p = zonedParts(date, lang === "ko" ? KOREA_TIME_ZONE : undefined);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The end (23:59:59) of a `YYYY-MM-DD` day in the reader's zone, as ISO; null when not a day. */
export function endOfDayIso(day: string, lang: TLanguage): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = lang === "ko" ? new Date(`${day}T23:59:59+09:00`) : new Date(`${day}T23:59:59`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Runs console actions: the answer's message as a notification, field errors by field name. */
export function useAdminAction() {
  const { t } = useTranslation("admin");
  const { t: tCodes } = useTranslation("codes");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);

  const fieldText = useCallback(
    (message: string): string => {
      if (message === ADMIN_MESSAGES.reason) return t("reason.required");
      if (message === ADMIN_USER_MESSAGES.trialInPast) return t("users.trialInPast");
      if (message === ADMIN_USER_MESSAGES.trialTooFar) return t("users.trialTooFar");
      if (message === ADMIN_USER_MESSAGES.expiryInPast) return t("users.expiryInPast");
      return t("fieldInvalid");
    },
    [t],
  );

  const run = useCallback(
    async <C extends TCall>(call: C, payload: TCallInput<C>): Promise<TCallOutput<C> | null> => {
      setIsBusy(true);
      const res = await api(call, payload);
      setIsBusy(false);
      if (!res.status) {
        const fields = fieldErrorsOf(res);
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fieldText(v)])));
        notifications.show({ color: "red", message: tCodes(codeKeyOf(res)) });
        return null;
      }
      setErrors({});
      notifications.show({ color: "teal", message: tCodes("adminDone") });
      return res.data;
    },
    [fieldText, tCodes],
  );

  return { run, errors, setErrors, isBusy };
}
