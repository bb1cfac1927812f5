/** Console › Q&A: posting a notice. */
import { Checkbox, Textarea, TextInput } from "@mantine/core";
import { qnaNoticeCall } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { ConsoleForm } from "../../../ui/console/ConsoleForm";

/** Props of {@link NoticeForm}. */
export interface NoticeFormProps {
  onDone(): void;
}

/** A notice's title and text, pinned to the top of the board unless unticked. */
export function NoticeForm({ onDone }: NoticeFormProps) {
  const { t } = useTranslation("qna");
  const action = useAdminAction();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [isPinned, setIsPinned] = useState(true);
  const onSubmit = async () => {
    if (await action.run(qnaNoticeCall, { title, body, is_pinned: isPinned })) onDone();
  };
  return (
    <ConsoleForm onSubmit={onSubmit} submitLabel={t("admin.postNotice")} isBusy={action.isBusy}>
      <TextInput
        label={t("admin.noticeTitle")}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={120}
        error={action.errors.title ? t("form.invalid") : undefined}
      />
      <Textarea
        label={t("admin.noticeBody")}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        autosize
        minRows={4}
        error={action.errors.body ? t("form.invalid") : undefined}
      />
      <Checkbox
        label={t("admin.noticePinned")}
        checked={isPinned}
        onChange={(e) => setIsPinned(e.currentTarget.checked)}
      />
    </ConsoleForm>
  );
}
