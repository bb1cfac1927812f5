import { Badge, Button, Collapse, Group, Paper, Stack, Text } from "@mantine/core";
import { IconCode, IconKey, IconLink, IconLock, IconTrash } from "@tabler/icons-react";
import { formatForLanguage, type TShareLinkDoc } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n/use-messages";
import { shareUrl } from "../lib/share-urls";
import { CopyField } from "./CopyField";
import { EmbedCode } from "./EmbedCode";

/** Props of {@link ShareLinkItem}. */
export interface ShareLinkItemProps {
  doc: TShareLinkDoc;
  /** The content's title (for the embed snippet). */
  title: string;
  /** The key of an encrypted link made in this dialog; otherwise its full link is unknown. */
  linkKey?: string | null;
  /** Deletes the link (after the inline confirmation); resolves when done. */
  onDelete: (doc: TShareLinkDoc) => Promise<void>;
}

const KIND_COLOR = { open: "brand", password: "orange", sealed: "grape" } as const;
const KIND_ICON = { open: IconLink, password: IconLock, sealed: IconKey } as const;

/** One share link: kind, created date, accesses, the address to copy or open, embed code, delete. */
export function ShareLinkItem({ doc, title, linkKey = null, onDelete }: ShareLinkItemProps) {
  const { t } = useTranslation("sharing");
  const lang = useLanguage();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isEmbedOpen, setIsEmbedOpen] = useState(false);
  const KindIcon = KIND_ICON[doc.kind];
  const isSealed = doc.kind === "sealed";
  const url = shareUrl(window.location.origin, doc.sharelink_url, linkKey);
  const canShowLink = !isSealed || linkKey !== null;

  const handleDelete = async () => {
    setIsDeleting(true);
    try {
      await onDelete(doc);
    } finally {
      setIsDeleting(false);
      setIsConfirming(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="share-link" data-kind={doc.kind}>
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge
              color={KIND_COLOR[doc.kind]}
              variant="light"
              leftSection={<KindIcon size={12} aria-hidden />}
              data-testid="share-link-kind"
            >
              {t(`manager.kind.${doc.kind}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {t("manager.created", { time: formatForLanguage(doc.created_at, lang) })}
            </Text>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Text size="xs" fw={600} data-testid="share-link-month">
              {doc.month_limit === null
                ? t("manager.monthUnlimited", { used: doc.month_access })
                : t("manager.monthLimited", { used: doc.month_access, limit: doc.month_limit })}
            </Text>
            <Text size="xs" c="dimmed">
              {t("manager.total", { count: doc.total_access })}
            </Text>
          </Group>
        </Group>
        {canShowLink ? (
          <CopyField
            value={url}
            label={t("manager.linkLabel")}
            copyLabel={t("manager.copy")}
            copiedMessage={t("manager.copied")}
            canOpen
            data-testid="share-link-url"
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t("manager.sealedNoKey")}
          </Text>
        )}
        <Group gap="xs" justify="space-between" wrap="wrap">
          {canShowLink ? (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconCode size={14} />}
              onClick={() => setIsEmbedOpen((v) => !v)}
              aria-expanded={isEmbedOpen}
            >
              {t("manager.embed")}
            </Button>
          ) : (
            <span />
          )}
          {isConfirming ? null : (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setIsConfirming(true)}
            >
              {t("manager.delete")}
            </Button>
          )}
        </Group>
        {isConfirming ? (
          <Paper bg="red.0" p="xs" radius="sm" role="alertdialog" aria-label={t("manager.deleteConfirm")}>
            <Stack gap={6}>
              <Text size="sm">{t("manager.deleteConfirm")}</Text>
              <Group gap="xs" justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setIsConfirming(false)}
                  disabled={isDeleting}
                >
                  {t("manager.deleteNo")}
                </Button>
                <Button size="xs" color="red" onClick={() => void handleDelete()} loading={isDeleting}>
                  {t("manager.deleteYes")}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : null}
        <Collapse in={isEmbedOpen && canShowLink}>
          {isEmbedOpen && canShowLink ? (
            <EmbedCode sharelinkUrl={doc.sharelink_url} linkKey={linkKey} title={title} />
          ) : null}
        </Collapse>
      </Stack>
    </Paper>
  );
}
