/** Console › Production: a message to the owner of a request. */
import { productionAdminMessageCall } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { ConsoleMessageForm } from "../../../ui/console/ConsoleMessageForm";
import type { RequestActionProps } from "./QuoteForm";

/** Sends the owner of a request a message. */
export function MessageForm({ doc, onDone }: RequestActionProps) {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const send = async (text: string) => {
    const done = await action.run(productionAdminMessageCall, { request_id: doc.id, text });
    if (done) onDone();
  };
  return (
    <ConsoleMessageForm
      label={t("admin.message")}
      submitLabel={t("admin.sendMessage")}
      maxLength={2000}
      minRows={3}
      isBusy={action.isBusy}
      onSend={send}
    />
  );
}
