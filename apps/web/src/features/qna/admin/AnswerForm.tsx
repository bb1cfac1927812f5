/** Console › Q&A: answering a question (the asker is mailed). */
import { Paper, Text } from "@mantine/core";
import { qnaAnswerCall, qnaDetailCall, type TQnaSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { ConsoleMessageForm } from "../../../ui/console/ConsoleMessageForm";

/** Props of {@link AnswerForm}. */
export interface AnswerFormProps {
  post: TQnaSummary;
  onDone(): void;
}

/** The question and its answers so far, and the answer to send. */
export function AnswerForm({ post, onDone }: AnswerFormProps) {
  const { t } = useTranslation("qna");
  const action = useAdminAction();
  const { data } = useCall(qnaDetailCall, { qna_id: post.id });
  const send = async (body: string) => {
    if (await action.run(qnaAnswerCall, { qna_id: post.id, body })) onDone();
  };
  return (
    <ConsoleMessageForm
      label={t("admin.answerLabel")}
      submitLabel={t("admin.send")}
      maxLength={5000}
      minRows={4}
      isBusy={action.isBusy}
      onSend={send}
    >
      {data ? (
        <Paper withBorder p="sm" radius="sm">
          <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
            {data.doc.body}
          </Text>
        </Paper>
      ) : null}
      {data?.doc.answers.map((a) => (
        <Text key={a.id} size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
          {a.body}
        </Text>
      ))}
    </ConsoleMessageForm>
  );
}
