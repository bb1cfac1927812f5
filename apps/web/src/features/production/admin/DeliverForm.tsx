/** Console › Production: delivering a request's model into the owner's studio. */
import { Text, TextInput } from "@mantine/core";
import { productionDeliverCall, type TUploadedFile } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { ConsoleForm } from "../../../ui/console/ConsoleForm";
import { FileUploads } from "../../../ui/FileUploads";
import type { RequestActionProps } from "./QuoteForm";

/** Delivers a `.glb` (uploaded with its progress) into the owner's studio. */
export function DeliverForm({ doc, onDone }: RequestActionProps) {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const [files, setFiles] = useState<TUploadedFile[]>([]);
  const [title, setTitle] = useState(doc.product_name);
  const model = files[0];
  const onSubmit = async () => {
    if (!model) return;
    const done = await action.run(productionDeliverCall, { request_id: doc.id, model, title });
    if (done) onDone();
  };
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      submitLabel={t("admin.deliver")}
      isBusy={action.isBusy}
      isSubmitDisabled={!model}
    >
      <Text size="sm" c="dimmed">
        {t("admin.deliverHelp")}
      </Text>
      <TextInput
        label={t("admin.modelTitle")}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <FileUploads
        purpose="production_model"
        files={files}
        onChange={setFiles}
        max={1}
        accept=".glb"
        label={t("admin.model")}
      />
    </ConsoleForm>
  );
}
