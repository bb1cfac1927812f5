import { Alert, Button, Group, Select, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { IconSearch } from "@tabler/icons-react";
import {
  contentDeleteCall,
  contentDuplicateCall,
  contentRetryCall,
  contentUpdateCall,
} from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { useResultMessage } from "../../../i18n/use-messages";
import { ContentCard } from "../components/ContentCard";
import classes from "../components/content.module.css";
import { RenameModal } from "../components/RenameModal";
import { UploadZone } from "../components/UploadZone";
import { type TContentRow, type TContentSort, useContentList } from "../hooks/use-content-list";
import type { TShareDialog } from "../share-slot";

const SORTS: readonly TContentSort[] = ["updated", "created", "title", "views"];

/** Props of {@link ContentListPage}. */
export interface ContentListPageProps {
  /** The share-link manager a card's share action opens (the studio gives the sharing area's). */
  ShareDialog: TShareDialog;
}

/**
 * `/Studio/user/contents`: the owner's contents with search and sort, the model upload, and
 * rename, duplicate, delete and retry on each card.
 */
export function ContentListPage({ ShareDialog }: ContentListPageProps) {
  const { t } = useTranslation("content");
  const messageOf = useResultMessage();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<TContentSort>("updated");
  const { rows, isLoading, error, reload, updateRow } = useContentList(debounced, sort);
  const [renaming, setRenaming] = useState<TContentRow | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [sharing, setSharing] = useState<TContentRow | null>(null);

  const fail = (message: string) => notifications.show({ color: "red", message });
  const done = (message: string) => notifications.show({ color: "teal", message });

  const handleRename = async (title: string): Promise<string | null> => {
    if (!renaming) return null;
    const res = await api(contentUpdateCall, { content_id: renaming.content_id, title });
    if (!res.status) return messageOf(res);
    updateRow({
      content_id: renaming.content_id,
      title: res.data.doc.title,
      updated_at: res.data.doc.updated_at,
    });
    done(t("notify.renamed"));
    return null;
  };

  const runOn = async (row: TContentRow, action: () => Promise<boolean>) => {
    setBusyId(row.content_id);
    try {
      if (await action()) await reload();
    } finally {
      setBusyId(null);
    }
  };

  const handleDuplicate = (row: TContentRow) =>
    void runOn(row, async () => {
      const res = await api(contentDuplicateCall, { content_id: row.content_id });
      if (!res.status) fail(messageOf(res));
      else done(t("notify.duplicated"));
      return res.status;
    });

  const handleRetry = (row: TContentRow) =>
    void runOn(row, async () => {
      const res = await api(contentRetryCall, { content_id: row.content_id });
      if (!res.status) fail(messageOf(res));
      else done(t("notify.retrying"));
      return res.status;
    });

  const handleDelete = (row: TContentRow) =>
    modals.openConfirmModal({
      title: t("delete.title"),
      centered: true,
      children: <Text size="sm">{t("delete.text", { title: row.title })}</Text>,
      labels: { confirm: t("delete.confirm"), cancel: t("delete.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        void runOn(row, async () => {
          const res = await api(contentDeleteCall, { content_id: row.content_id });
          if (!res.status) fail(messageOf(res));
          else done(t("notify.deleted"));
          return res.status;
        }),
    });

  const isEmpty = rows !== null && rows.length === 0 && debounced === "";

  return (
    <Stack gap="lg" data-testid="content-list">
      <UploadZone onUploaded={() => void reload()} isInviting={isEmpty} />
      {isEmpty ? null : (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t("list.searchLabel")}
            placeholder={t("list.searchPlaceholder")}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={100}
            type="search"
            style={{ flex: "1 1 220px" }}
          />
          <Select
            label={t("list.sortLabel")}
            data={SORTS.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
            value={sort}
            onChange={(value) => {
              const next = SORTS.find((s) => s === value);
              if (next) setSort(next);
            }}
            allowDeselect={false}
            w={{ base: "100%", xs: 200 }}
          />
        </Group>
      )}
      {error ? (
        <Alert color="red" role="alert" title={t("list.loadFailed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messageOf(error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void reload()}>
              {t("list.retryLoad")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {rows === null && isLoading ? (
        <div className={classes.grid} aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={260} radius="md" />
          ))}
        </div>
      ) : null}
      {rows !== null && rows.length === 0 && debounced !== "" ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("list.noMatch", { search: debounced })}
        </Text>
      ) : null}
      {rows !== null && rows.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("list.count", { count: rows.length })}
          </Text>
          <div className={classes.grid}>
            {rows.map((row) => (
              <ContentCard
                key={row.content_id}
                row={row}
                isBusy={busyId === row.content_id}
                onRename={setRenaming}
                onDuplicate={handleDuplicate}
                onDelete={handleDelete}
                onRetry={handleRetry}
                onShare={setSharing}
              />
            ))}
          </div>
        </Stack>
      ) : null}
      <ShareDialog content={sharing} onClose={() => setSharing(null)} />
      <RenameModal title={renaming?.title ?? null} onSave={handleRename} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
