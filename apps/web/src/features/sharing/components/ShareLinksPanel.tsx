import { Alert, Button, Divider, Group, Progress, Skeleton, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TShareLinkDoc } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useResultMessage } from "../../../i18n/use-messages";
import { useShareLinks } from "../hooks/use-share-links";
import { CreateShareLink } from "./CreateShareLink";
import { SealedLinkCreated } from "./SealedLinkCreated";
import { ShareLinkItem } from "./ShareLinkItem";

/** Props of {@link ShareLinksPanel}. */
export interface ShareLinksPanelProps {
  contentId: string;
  /** The content's title. */
  title: string;
}

/**
 * The share-link manager of one content: how many links the plan allows, each link with its
 * accesses, copy, open, embed and delete, and the form that makes a new one.
 */
export function ShareLinksPanel({ contentId, title }: ShareLinksPanelProps) {
  const { t } = useTranslation("sharing");
  const messageOf = useResultMessage();
  const { docs, allowance, isLoading, error, reload, add, remove } = useShareLinks(contentId);
  // Keys of encrypted links made while this panel is open: the only time they are known.
  const [keys, setKeys] = useState<Record<string, string>>({});
  const [fresh, setFresh] = useState<{ sharelinkUrl: string; key: string } | null>(null);

  const handleCreated = (doc: TShareLinkDoc, key: string | null) => {
    add(doc);
    if (key !== null) {
      setKeys((current) => ({ ...current, [doc.sharelink_url]: key }));
      setFresh({ sharelinkUrl: doc.sharelink_url, key });
    }
    notifications.show({ color: "teal", message: t("manager.create.done") });
  };

  const handleDelete = async (doc: TShareLinkDoc) => {
    const failure = await remove(doc.sharelink_url);
    if (failure) {
      notifications.show({ color: "red", message: messageOf(failure) });
      return;
    }
    if (fresh?.sharelinkUrl === doc.sharelink_url) setFresh(null);
    notifications.show({ color: "teal", message: t("manager.deleted") });
  };

  if (error && docs === null) {
    return (
      <Alert color="red" role="alert" title={t("manager.loadFailed")}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messageOf(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void reload()}>
            {t("manager.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (docs === null || allowance === null) {
    return (
      <Stack gap="sm" aria-busy={isLoading}>
        <Skeleton height={18} width="40%" />
        <Skeleton height={96} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    );
  }

  const used = docs.length;
  return (
    <Stack gap="md" data-testid="share-links-panel">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={600} data-testid="share-usage">
            {t("manager.usage", { used, limit: allowance.limit })}
          </Text>
        </Group>
        <Progress
          value={allowance.limit > 0 ? Math.min(100, (used / allowance.limit) * 100) : 100}
          color={used >= allowance.limit ? "orange" : "brand"}
          size="sm"
          aria-hidden
        />
      </Stack>
      {fresh ? (
        <SealedLinkCreated
          sharelinkUrl={fresh.sharelinkUrl}
          linkKey={fresh.key}
          title={title}
          onDone={() => setFresh(null)}
        />
      ) : null}
      {docs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("manager.empty")}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t("manager.listLabel")}
          m={0}
          p={0}
          style={{ listStyle: "none" }}
        >
          {docs.map((doc) => (
            <li key={doc.sharelink_url}>
              <ShareLinkItem
                doc={doc}
                title={title}
                linkKey={keys[doc.sharelink_url] ?? null}
                onDelete={handleDelete}
              />
            </li>
          ))}
        </Stack>
      )}
      <Divider />
      <CreateShareLink contentId={contentId} allowance={allowance} used={used} onCreated={handleCreated} />
    </Stack>
  );
}
