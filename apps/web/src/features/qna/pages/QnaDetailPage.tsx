import { Anchor, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowLeft, IconLock } from "@tabler/icons-react";
import { qnaDeleteCall, qnaDetailCall } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api } from "../../../api";
import { useCall } from "../../../api/use-call";
import { useLanguage, useResultMessage } from "../../../i18n/use-messages";
import { useSession } from "../../../stores/session";
import { PageIntro } from "../../../ui/PageIntro";
import { formatWhen } from "../components/format";

/** Plain text shown as written: line breaks kept, never read as markup. */
function PlainText({ text }: { text: string }) {
  return (
    <Text style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} data-testid="qna-text">
      {text}
    </Text>
  );
}

/** `/qnacontentdetails?id=`: one post with its answers and images. */
export default function QnaDetailPage() {
  const { t } = useTranslation("qna");
  const lang = useLanguage();
  const message = useResultMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const token = useSession((s) => s.accessToken);
  const { data, error } = useCall(qnaDetailCall, /^qna_[0-9a-f-]{36}$/.test(id) ? { qna_id: id } : null);
  const doc = data?.doc;
  const back = (
    <Anchor component={Link} to="/qnalist" fw={600}>
      <Group gap={6} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t("backToList")}
      </Group>
    </Anchor>
  );
  const onDelete = () =>
    modals.openConfirmModal({
      title: t("detail.deleteTitle"),
      centered: true,
      children: <Text size="sm">{t("detail.deleteText")}</Text>,
      labels: { confirm: t("detail.delete"), cancel: t("cancel") },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        const res = await api(qnaDeleteCall, { qna_id: id });
        if (res.status) void navigate("/qnalist");
      },
    });
  if (!doc) {
    return (
      <PageIntro title={t("detail.pageTitle")} size="md">
        {error || !/^qna_/.test(id) ? (
          <Text c="dimmed" role="alert">
            {error ? message(error) : t("detail.missing")}
            {!token && error ? ` ${t("detail.signInHint")}` : ""}
          </Text>
        ) : null}
        <Group>{back}</Group>
      </PageIntro>
    );
  }
  return (
    <PageIntro title={doc.title} size="md">
      <Group gap="xs">
        {doc.kind === "notice" ? (
          <Badge color="grape" variant="light">
            {t("kind.notice")}
          </Badge>
        ) : (
          <Badge color={doc.status === "answered" ? "teal" : "gray"} variant="light">
            {t(`status.${doc.status}`)}
          </Badge>
        )}
        <Badge variant="outline" color="gray">
          {t(`category.${doc.category}`)}
        </Badge>
        {doc.is_private ? (
          <Badge variant="outline" color="gray" leftSection={<IconLock size={12} />}>
            {t("private")}
          </Badge>
        ) : null}
        <Text size="sm" c="dimmed">
          {doc.kind === "notice" ? t("operators") : doc.author} · {formatWhen(doc.created_at, lang)}
        </Text>
      </Group>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Stack gap="md">
          <PlainText text={doc.body} />
          {doc.images.length > 0 ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {doc.images.map((url, i) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  <Image src={url} alt={t("detail.image", { n: i + 1 })} radius="sm" />
                </a>
              ))}
            </SimpleGrid>
          ) : null}
        </Stack>
      </Paper>
      {doc.kind === "question" ? (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("detail.answers")}
          </Title>
          {doc.answers.length === 0 ? (
            <Text c="dimmed">{t("detail.noAnswer")}</Text>
          ) : (
            doc.answers.map((a) => (
              <Paper
                key={a.id}
                withBorder
                radius="md"
                p="md"
                bg="var(--mantine-color-teal-light)"
                data-testid="qna-answer"
              >
                <Stack gap={6}>
                  <Text size="sm" fw={600}>
                    {t("operators")} · {formatWhen(a.created_at, lang)}
                  </Text>
                  <PlainText text={a.body} />
                </Stack>
              </Paper>
            ))
          )}
        </Stack>
      ) : null}
      <Group justify="space-between">
        {back}
        {doc.can_edit ? (
          <Group gap="xs">
            <Button variant="default" component={Link} to={`/qnawrite?id=${doc.id}`}>
              {t("detail.edit")}
            </Button>
            <Button variant="light" color="red" onClick={onDelete}>
              {t("detail.delete")}
            </Button>
          </Group>
        ) : null}
      </Group>
    </PageIntro>
  );
}
