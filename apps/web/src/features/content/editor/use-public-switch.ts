import { notifications } from "@mantine/notifications";
import { contentUpdateCall } from "@vitrine/contract";
import { useState } from "react";
import { api } from "../../../api";
import { useResultMessage } from "../../../i18n/use-messages";

/** The editor's public switch: shown at once, put back with the server's message when refused. */
export function usePublicSwitch(
  contentId: string,
  initial: boolean,
): { isPublic: boolean; isBusy: boolean; setPublic(next: boolean): Promise<void> } {
  const messageOf = useResultMessage();
  const [isPublic, setIsPublic] = useState(initial);
  const [isBusy, setIsBusy] = useState(false);
  const setPublic = async (next: boolean) => {
    setIsPublic(next);
    setIsBusy(true);
    const res = await api(contentUpdateCall, { content_id: contentId, is_public: next });
    setIsBusy(false);
    if (!res.status) {
      setIsPublic(!next);
      notifications.show({ color: "red", message: messageOf(res) });
    }
  };
  return { isPublic, isBusy, setPublic };
}
