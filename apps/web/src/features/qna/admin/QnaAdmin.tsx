/**
 * Console: the Q&A board. Every post (hidden and private ones included), filtered by status;
 * answer a question (the asker is mailed), post a notice, pin notices, hide or show posts.
 */
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  qnaAdminListCall,
  qnaAnswerCall,
  qnaDetailCall,
  qnaModerateCall,
  qnaNoticeCall,
  type TQnaSummary,
} from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCall } from "../../../api/use-call";
import { useLanguage } from "../../../i18n/use-messages";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { formatWhen } from "../components/format";

function AnswerForm({ post, onDone }: { post: TQnaSummary; onDone(): void }) {
  const { t } = useTranslation("qna");
  const action = useAdminAction();
  const { data } = useCall(qnaDetailCall, { qna_id: post.id });
  const [body, setBody] = useState("");
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (body.trim() === "") return;
    if (await action.run(qnaAnswerCall, { qna_id: post.id, body })) onDone();
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
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
        <Textarea
          label={t("admin.answerLabel")}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          autosize
          minRows={4}
          maxLength={5000}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={action.isBusy}>
            {t("admin.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NoticeForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation("qna");
  const action = useAdminAction();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [isPinned, setIsPinned] = useState(true);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await action.run(qnaNoticeCall, { title, body, is_pinned: isPinned })) onDone();
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
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
        <Group justify="flex-end">
          <Button type="submit" loading={action.isBusy}>
            {t("admin.postNotice")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Console page: the Q&A board. */
export default function QnaAdmin() {
  const { t } = useTranslation("qna");
  const lang = useLanguage();
  const action = useAdminAction();
  const [status, setStatus] = useState<"waiting" | "answered" | null>("waiting");
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<TQnaSummary | null>(null);
  const [isNotice, setIsNotice] = useState(false);
  const { data, reload } = useCall(qnaAdminListCall, { page, status });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const moderate = async (post: TQnaSummary, change: { is_hidden?: boolean; is_pinned?: boolean }) => {
    if (await action.run(qnaModerateCall, { qna_id: post.id, ...change })) reload();
  };
  return (
    <Stack gap="md">
      <Text c="dimmed">{t("admin.intro")}</Text>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label={t("admin.filter")}
          data={[
            { value: "", label: t("admin.all") },
            { value: "waiting", label: t("admin.waiting") },
            { value: "answered", label: t("admin.answered") },
          ]}
          value={status ?? ""}
          onChange={(v) => {
            setStatus(v ? (v as "waiting" | "answered") : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
        <Button variant="light" onClick={() => setIsNotice(true)}>
          {t("admin.newNotice")}
        </Button>
      </Group>
      {data && data.docs.length === 0 ? <Text c="dimmed">{t("empty")}</Text> : null}
      {data?.docs.map((post) => (
        <Paper key={post.id} withBorder radius="md" p="sm" data-testid="qna-admin-row">
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <Badge
                color={post.kind === "notice" ? "grape" : post.status === "answered" ? "teal" : "gray"}
                variant="light"
              >
                {post.kind === "notice" ? t("kind.notice") : t(`status.${post.status}`)}
              </Badge>
              {post.is_private ? (
                <Badge variant="outline" color="gray">
                  {t("private")}
                </Badge>
              ) : null}
              {post.is_hidden ? (
                <Badge color="red" variant="outline">
                  {t("admin.hidden")}
                </Badge>
              ) : null}
              <Anchor
                component={Link}
                to={`/qnacontentdetails?id=${post.id}`}
                fw={600}
                style={{ wordBreak: "break-word" }}
              >
                {post.title}
              </Anchor>
            </Group>
            <Text size="xs" c="dimmed">
              {t(`category.${post.category}`)} · {post.author} · {formatWhen(post.created_at, lang)}
            </Text>
            <Group gap="xs">
              {post.kind === "question" ? (
                <Button size="xs" onClick={() => setAnswering(post)}>
                  {t("admin.answer")}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void moderate(post, { is_pinned: !post.is_pinned })}
                >
                  {post.is_pinned ? t("admin.unpin") : t("admin.pin")}
                </Button>
              )}
              <Button
                size="xs"
                variant="subtle"
                color={post.is_hidden ? "gray" : "red"}
                onClick={() => void moderate(post, { is_hidden: !post.is_hidden })}
              >
                {post.is_hidden ? t("admin.show") : t("admin.hide")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <Modal
        opened={answering !== null}
        onClose={() => setAnswering(null)}
        title={answering?.title ?? ""}
        centered
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
      </Modal>
      <Modal
        opened={isNotice}
        onClose={() => setIsNotice(false)}
        title={t("admin.newNotice")}
        centered
        size="lg"
      >
        <NoticeForm
          onDone={() => {
            setIsNotice(false);
            reload();
          }}
        />
      </Modal>
    </Stack>
  );
}
