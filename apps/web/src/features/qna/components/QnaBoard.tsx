/**
 * The board's list (`/qnalist`): search, category and status filters, pinned notices first,
 * 20 posts a page. A private question shows as such without its title to others.
 */
import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconLock, IconPencil, IconPin, IconSearch } from "@tabler/icons-react";
import { QNA_CATEGORIES, qnaListCall, type TQnaSummary } from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useCall } from "../../../api/use-call";
import { useLanguage, useResultMessage } from "../../../i18n/use-messages";
import { PageIntro } from "../../../ui/PageIntro";
import { formatDay } from "./format";

/** Props of {@link QnaBoard}. */
export interface QnaBoardProps {
  title: string;
  lead: string;
}

/** One post's row: status, title (linked) with its badges, author and date. */
export function QnaRow({ post }: { post: TQnaSummary }) {
  const { t } = useTranslation("qna");
  const lang = useLanguage();
  const title = post.title ?? t("privateTitle");
  return (
    <Table.Tr data-testid="qna-row">
      <Table.Td>
        {post.kind === "notice" ? (
          <Badge color="grape" variant="light" leftSection={post.is_pinned ? <IconPin size={12} /> : null}>
            {t("kind.notice")}
          </Badge>
        ) : (
          <Badge color={post.status === "answered" ? "teal" : "gray"} variant="light">
            {t(`status.${post.status}`)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            {post.is_private ? <IconLock size={14} aria-label={t("private")} /> : null}
            {post.title !== null ? (
              <Text
                component={Link}
                to={`/qnacontentdetails?id=${post.id}`}
                fw={500}
                style={{ wordBreak: "break-word" }}
              >
                {title}
              </Text>
            ) : (
              <Text c="dimmed">{title}</Text>
            )}
            {post.answer_count > 0 && post.kind === "question" ? (
              <Text size="xs" c="dimmed">
                [{post.answer_count}]
              </Text>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t(`category.${post.category}`)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="sm">{post.kind === "notice" ? t("operators") : post.author}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDay(post.created_at, lang)}</Table.Td>
    </Table.Tr>
  );
}

/** The posts table with its header. */
export function QnaTable({ posts, empty }: { posts: TQnaSummary[]; empty: string }) {
  const { t } = useTranslation("qna");
  return (
    <Table withTableBorder verticalSpacing="sm" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={110}>{t("columns.status")}</Table.Th>
          <Table.Th>{t("columns.title")}</Table.Th>
          <Table.Th w={120} visibleFrom="sm">
            {t("columns.author")}
          </Table.Th>
          <Table.Th w={110}>{t("columns.date")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {posts.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text ta="center" c="dimmed" py="lg">
                {empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          posts.map((post) => <QnaRow key={post.id} post={post} />)
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The board's list page. */
export function QnaBoard({ title, lead }: QnaBoardProps) {
  const { t } = useTranslation("qna");
  const message = useResultMessage();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const q = params.get("q") ?? "";
  const category = (params.get("category") as (typeof QNA_CATEGORIES)[number] | null) ?? null;
  const status = (params.get("status") as "waiting" | "answered" | null) ?? null;
  const [draft, setDraft] = useState(q);
  const { data, error } = useCall(qnaListCall, {
    page,
    q: q || undefined,
    category,
    status,
  });
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in patch)) next.delete("page");
    setParams(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: draft.trim() });
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <PageIntro
      title={title}
      lead={lead}
      aside={
        <Button component={Link} to="/qnawrite" leftSection={<IconPencil size={16} />}>
          {t("writeButton")}
        </Button>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <form onSubmit={onSearch} style={{ flex: "1 1 240px" }}>
          <TextInput
            label={t("search.label")}
            placeholder={t("search.placeholder")}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
          />
        </form>
        <Select
          label={t("search.category")}
          data={[
            { value: "", label: t("search.all") },
            ...QNA_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) })),
          ]}
          value={category ?? ""}
          onChange={(v) => set({ category: v })}
          allowDeselect={false}
          w={160}
        />
        <Select
          label={t("search.status")}
          data={[
            { value: "", label: t("search.all") },
            { value: "waiting", label: t("status.waiting") },
            { value: "answered", label: t("status.answered") },
          ]}
          value={status ?? ""}
          onChange={(v) => set({ status: v })}
          allowDeselect={false}
          w={140}
        />
      </Group>
      {error ? (
        <Text c="red" role="alert">
          {message(error)}
        </Text>
      ) : null}
      <QnaTable posts={data?.docs ?? []} empty={q ? t("noMatch") : t("empty")} />
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={(p) => set({ page: String(p) })} />
        </Group>
      ) : null}
    </PageIntro>
  );
}
