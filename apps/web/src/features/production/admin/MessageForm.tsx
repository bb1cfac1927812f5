/** Console › Production: a message to the owner of a request. */
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { productionAdminMessageCall } from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import type { RequestActionProps } from "./QuoteForm";

/** Sends the owner of a request a message. */
export function MessageForm({ doc, onDone }: RequestActionProps) {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const [text, setText] = useState("");
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === "") return;
    const done = await action.run(productionAdminMessageCall, { request_id: doc.id, text });
    if (done) onDone();
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t("admin.message")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={action.isBusy}>
            {t("admin.sendMessage")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
