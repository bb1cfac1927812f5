/** Console › Q&A: one post of the board with its moderation. */
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { TQnaSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "../../../i18n/use-messages";
import { formatWhen } from "../components/format";

/** What a moderation changes on a post. */
export type TQnaModeration = { is_hidden?: boolean; is_pinned?: boolean };

/** Props of {@link QnaAdminRow}. */
export interface QnaAdminRowProps {
  post: TQnaSummary;
  onAnswer: () => void;
  onModerate: (change: TQnaModeration) => void;
}

/** A post: its kind or status, marks, title and author; answer (or pin) and hide (or show). */
export function QnaAdminRow({ post, onAnswer, onModerate }: QnaAdminRowProps) {
  const { t } = useTranslation("qna");
  const lang = useLanguage();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="qna-admin-row">
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
            <Button size="xs" onClick={onAnswer}>
              {t("admin.answer")}
            </Button>
          ) : (
            <Button size="xs" variant="default" onClick={() => onModerate({ is_pinned: !post.is_pinned })}>
              {post.is_pinned ? t("admin.unpin") : t("admin.pin")}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color={post.is_hidden ? "gray" : "red"}
            onClick={() => onModerate({ is_hidden: !post.is_hidden })}
          >
            {post.is_hidden ? t("admin.show") : t("admin.hide")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
