import { notifications } from "@mantine/notifications";
import {
  channelUpdateCall,
  codeByRescode,
  type TChannelDoc,
  type TChannelUpdate,
  ZChannelUpdate,
} from "@vitrine/contract";
import type { ParseKeys } from "i18next";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { useChannelFieldMessage } from "../../../api/channel-field-message";
import { fieldErrorsOf } from "../../../api/result-message";

/** Field path → message shown under the field (in the page's language). */
export type TSectionErrors = Record<string, string>;

/** The last save's outcome, translated. */
export interface TSaveStatus {
  text: string;
  isError: boolean;
}

/** Which success message a section shows (SPEC §8). */
export type TSuccessKey = "channelInfoUpdated" | "channelUpdated";

/** Saving one section: client-side check with the contract, the call, the success or error messages. */
export function useSectionSave(channelId: string, success: TSuccessKey, onSaved: (doc: TChannelDoc) => void) {
  const { t: tCodes } = useTranslation("codes");
  const messageOf = useChannelFieldMessage();
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
          Object.entries(fieldErrorsOf(res)).map(([k, v]) => [k, messageOf(v)]),
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
