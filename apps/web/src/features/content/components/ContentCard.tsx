import {
  ActionIcon,
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Menu,
  Stack,
  Text,
} from "@mantine/core";
import {
  IconCopy,
  IconCube,
  IconDots,
  IconEdit,
  IconEye,
  IconLock,
  IconPencil,
  IconRefresh,
  IconShare,
  IconTrash,
  IconWorld,
} from "@tabler/icons-react";
import { formatForLanguage } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "../../../i18n/use-messages";
import type { TContentRow } from "../hooks/use-content-list";
import classes from "./content.module.css";
import { ProcessingProgress } from "./ProcessingProgress";
import { StatusBadge } from "./StatusBadge";

/** Props of {@link ContentCard}. */
export interface ContentCardProps {
  row: TContentRow;
  onRename: (row: TContentRow) => void;
  onDuplicate: (row: TContentRow) => void;
  onDelete: (row: TContentRow) => void;
  onRetry: (row: TContentRow) => void;
  /** Opens the share-link manager (ready contents only). */
  onShare?: (row: TContentRow) => void;
  /** True while an action on this row runs. */
  isBusy?: boolean;
}

/** Where a content's editor lives. */
export function editorPath(contentId: string): string {
  return `/Studio/user/contents/${encodeURIComponent(contentId)}`;
}

/** One content of the studio list: thumbnail, title, status, public, views, updated time, actions. */
export function ContentCard({
  row,
  onRename,
  onDuplicate,
  onDelete,
  onRetry,
  onShare,
  isBusy = false,
}: ContentCardProps) {
  const { t } = useTranslation("content");
  const { t: tShare } = useTranslation("sharing");
  const lang = useLanguage();
  const isReady = row.status === "ready";
  return (
    <Card withBorder radius="md" padding="sm" data-testid="content-card" data-content-id={row.content_id}>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          {row.thumbnail_url ? (
            <Image src={row.thumbnail_url} alt="" fit="cover" />
          ) : (
            <Center bg="gray.1" c="gray.5">
              <Stack align="center" gap={4}>
                <IconCube size={40} stroke={1.4} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t("card.noThumbnail")}
                </Text>
              </Stack>
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          {isReady ? (
            <Anchor
              component={Link}
              to={editorPath(row.content_id)}
              fw={700}
              lineClamp={2}
              className={classes.title}
              c="inherit"
              data-testid="content-title"
            >
              {row.title}
            </Anchor>
          ) : (
            <Text fw={700} lineClamp={2} className={classes.title} data-testid="content-title">
              {row.title}
            </Text>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t("card.actions", { title: row.title })}
                loading={isBusy}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {isReady ? (
                <Menu.Item
                  component={Link}
                  to={editorPath(row.content_id)}
                  leftSection={<IconEdit size={16} />}
                >
                  {t("card.open")}
                </Menu.Item>
              ) : null}
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onRename(row)}>
                {t("card.rename")}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconCopy size={16} />}
                onClick={() => onDuplicate(row)}
                disabled={!isReady}
              >
                {t("card.duplicate")}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(row)}>
                {t("card.delete")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap={6}>
          <StatusBadge status={row.status} />
          <Badge
            variant="outline"
            color={row.is_public ? "brand" : "gray"}
            leftSection={
              row.is_public ? <IconWorld size={12} aria-hidden /> : <IconLock size={12} aria-hidden />
            }
          >
            {row.is_public ? t("card.public") : t("card.private")}
          </Badge>
        </Group>
        {row.status === "processing" && row.processing ? (
          <ProcessingProgress processing={row.processing} />
        ) : null}
        <Group gap="xs" c="dimmed" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconEye size={14} aria-hidden />
            <Text size="xs">{t("card.views", { count: row.views })}</Text>
          </Group>
          <Text size="xs">{t("card.updated", { time: formatForLanguage(row.updated_at, lang) })}</Text>
        </Group>
        {onShare ? (
          <Stack gap={4}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconShare size={14} />}
              onClick={() => onShare(row)}
              disabled={!isReady}
              data-testid="share-button"
            >
              {tShare("card.share")}
            </Button>
            {isReady ? null : (
              <Text size="xs" c="dimmed" data-testid="share-unavailable">
                {row.status === "processing" ? tShare("card.notReady") : tShare("card.failed")}
              </Text>
            )}
          </Stack>
        ) : null}
        {row.status === "failed" ? (
          <Stack gap={6}>
            <Text size="sm" c="red.8" data-testid="failure-reason">
              {row.failure_reason
                ? t("card.failedReason", { reason: row.failure_reason })
                : t("card.failedUnknown")}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => onRetry(row)}
              loading={isBusy}
            >
              {t("card.retry")}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
