import { notifications } from "@mantine/notifications";
import {
  CHANNEL_MESSAGES,
  CODES,
  channelUpdateCall,
  codeByRescode,
  MESSAGES,
  type TCallResult,
  type TChannelDoc,
  type TChannelUpdate,
  ZChannelUpdate,
} from "@vitrine/contract";
import type { ParseKeys } from "i18next";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";

/** Field path → message shown under the field (in the page's language). */
export type TSectionErrors = Record<string, string>;

/** The last save's outcome, translated. */
export interface TSaveStatus {
  text: string;
  isError: boolean;
}

/** Which success message a section shows (SPEC §8). */
export type TSuccessKey = "channelInfoUpdated" | "channelUpdated";

const MESSAGE_KEYS: Record<string, ParseKeys<"channels">> = Object.fromEntries(
  Object.entries(CHANNEL_MESSAGES).map(([key, message]) => [
    message,
    `validation.${key}` as ParseKeys<"channels">,
  ]),
);

/** Turns the contract's English messages into the page's language. */
export function useFieldMessage(): (message: string) => string {
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

/** Field errors of a failed answer or parse, by dotted path. */
export function errorsOfResult(result: Pick<TCallResult<unknown>, "data">): Record<string, string> {
  const data = result.data as { fields?: unknown } | null;
  const fields = data && typeof data === "object" ? data.fields : null;
  if (!fields || typeof fields !== "object") return {};
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
}

/** Saving one section: client-side check with the contract, the call, the success or error messages. */
export function useSectionSave(channelId: string, success: TSuccessKey, onSaved: (doc: TChannelDoc) => void) {
  const { t: tCodes } = useTranslation("codes");
  const messageOf = useFieldMessage();
  const [errors, setErrors] = useState<TSectionErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  const [status, setStatus] = useState<TSaveStatus | null>(null);

  const save = useCallback(
    async (fields: Omit<TChannelUpdate, "user_channel_id">): Promise<boolean> => {
      setStatus(null);
      const payload = { user_channel_id: channelId, ...fields };
      const parsed = ZChannelUpdate.safeParse(payload);
      if (!parsed.success) {
        const found: TSectionErrors = {};
        for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= messageOf(issue.message);
        setErrors(found);
        return false;
      }
      setIsSaving(true);
      const res = await api(channelUpdateCall, payload);
      setIsSaving(false);
      if (!res.status) {
        const found = Object.fromEntries(
          Object.entries(errorsOfResult(res)).map(([k, v]) => [k, messageOf(v)]),
        );
        setErrors(found);
        const key = codeByRescode(res.rescode)?.key ?? "notProcessed";
        const message = tCodes(key as ParseKeys<"codes">);
        setStatus({ text: message, isError: true });
        notifications.show({ color: "red", message });
        return false;
      }
      setErrors({});
      const message = tCodes(success);
      setStatus({ text: message, isError: false });
      notifications.show({ color: "teal", message });
      onSaved(res.data.doc);
      return true;
    },
    [channelId, messageOf, onSaved, success, tCodes],
  );

  return { save, errors, setErrors, isSaving, status };
}
