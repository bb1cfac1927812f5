/**
 * Console: the Q&A board. Every post (hidden and private ones included), filtered by status;
 * answer a question (the asker is mailed), post a notice, pin notices, hide or show posts.
 */
import { Button, Group, Text } from "@mantine/core";
import { qnaAdminListCall, qnaModerateCall, type TQnaSummary } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { ConsoleDialog } from "../../../ui/console/ConsoleDialog";
import { ConsoleFilter } from "../../../ui/console/ConsoleFilter";
import { ConsoleList } from "../../../ui/console/ConsoleList";
import { AnswerForm } from "./AnswerForm";
import { NoticeForm } from "./NoticeForm";
import { QnaAdminRow, type TQnaModeration } from "./QnaAdminRow";

/** Console page: the Q&A board. */
export default function QnaAdmin() {
  const { t } = useTranslation("qna");
  const action = useAdminAction();
  const [status, setStatus] = useState<"waiting" | "answered" | null>("waiting");
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<TQnaSummary | null>(null);
  const [isNotice, setIsNotice] = useState(false);
  const { data, reload } = useCall(qnaAdminListCall, { page, status });
  const moderate = async (post: TQnaSummary, change: TQnaModeration) => {
    if (await action.run(qnaModerateCall, { qna_id: post.id, ...change })) reload();
  };
  const toolbar = (
    <>
      <Text c="dimmed">{t("admin.intro")}</Text>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ConsoleFilter
          label={t("admin.filter")}
          allLabel={t("admin.all")}
          options={[
            { value: "waiting", label: t("admin.waiting") },
            { value: "answered", label: t("admin.answered") },
          ]}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        <Button variant="light" onClick={() => setIsNotice(true)}>
          {t("admin.newNotice")}
        </Button>
      </Group>
    </>
  );
  return (
    <ConsoleList
      toolbar={toolbar}
      data={data}
      emptyText={t("empty")}
      page={page}
      onPage={setPage}
      row={(post) => (
        <QnaAdminRow
          post={post}
          onAnswer={() => setAnswering(post)}
          onModerate={(change) => void moderate(post, change)}
        />
      )}
    >
      <ConsoleDialog
        opened={answering !== null}
        onClose={() => setAnswering(null)}
        title={answering?.title ?? ""}
        size="lg"
      >
        {answering ? (
          <AnswerForm
            post={answering}
            onDone={() => {
              setAnswering(null);
              reload();
            }}
          />
        ) : null}
      </ConsoleDialog>
      <ConsoleDialog
        opened={isNotice}
        onClose={() => setIsNotice(false)}
        title={t("admin.newNotice")}
        size="lg"
      >
        <NoticeForm
          onDone={() => {
            setIsNotice(false);
            reload();
          }}
        />
      </ConsoleDialog>
    </ConsoleList>
  );
}
