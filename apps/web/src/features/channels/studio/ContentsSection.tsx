import { ActionIcon, Badge, Group, Radio, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import {
  channelContentsCall,
  channelContentsUpdateCall,
  codeByRescode,
  type TChannelContentItem,
} from "@vitrine/contract";
import type { ParseKeys } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { SectionFrame } from "./SectionFrame";
import type { TSectionProps } from "./use-draft";
import type { TSaveStatus } from "./use-section-save";

/** Content management: which contents are public on the channel, their order, one featured. */
export function ContentsSection({ doc, onDirty }: TSectionProps) {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const [saved, setSaved] = useState<TChannelContentItem[] | null>(null);
  const [items, setItems] = useState<TChannelContentItem[]>([]);
  const [status, setStatus] = useState<TSaveStatus | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    void api(channelContentsCall, { user_channel_id: doc.user_channel_id }).then((res) => {
      if (!res.status) return;
      setSaved(res.data.docs);
      setItems(res.data.docs);
    });
  }, [doc.user_channel_id]);

  const isDirty = saved !== null && JSON.stringify(saved) !== JSON.stringify(items);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const featured = items.find((i) => i.is_featured)?.content_id ?? null;

  const move = (index: number, by: number) =>
    setItems((prev) => {
      const next = [...prev];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const setPublic = (id: string, isPublic: boolean) =>
    setItems((prev) =>
      prev.map((i) =>
        i.content_id === id
          ? { ...i, is_public: isPublic, is_featured: isPublic ? i.is_featured : false }
          : i,
      ),
    );
  const setFeatured = (id: string) =>
    setItems((prev) => prev.map((i) => ({ ...i, is_featured: i.content_id === id })));

  const handleSave = async () => {
    setIsSaving(true);
    const res = await api(channelContentsUpdateCall, {
      user_channel_id: doc.user_channel_id,
      contents: items.map((i) => ({ content_id: i.content_id, is_public: i.is_public })),
      featured_content_id: featured,
    });
    setIsSaving(false);
    if (res.status) {
      setSaved(res.data.docs);
      setItems(res.data.docs);
      const message = tCodes("channelUpdated");
      setStatus({ text: message, isError: false });
      notifications.show({ color: "teal", message });
    } else {
      const message = tCodes((codeByRescode(res.rescode)?.key ?? "notProcessed") as ParseKeys<"codes">);
      setStatus({ text: message, isError: true });
    }
  };

  return (
    <SectionFrame
      title={t("studio.contents.title")}
      hint={t("studio.contents.hint")}
      isDirty={isDirty}
      isSaving={isSaving}
      status={status}
      onSave={() => void handleSave()}
    >
      {items.length === 0 ? (
        <Text c="dimmed">{saved === null ? tCodes("loading") : t("studio.contents.none")}</Text>
      ) : (
        <Radio.Group value={featured} onChange={setFeatured} aria-label={t("studio.contents.featured")}>
          <Stack gap="xs">
            {items.map((item, index) => {
              const isReady = item.status === "ready";
              return (
                <Group
                  key={item.content_id}
                  justify="space-between"
                  wrap="nowrap"
                  p="xs"
                  style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
                  data-testid="channel-content-row"
                >
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    {item.thumbnail_url ? (
                      <img
                        src={item.thumbnail_url}
                        alt=""
                        width={56}
                        height={42}
                        style={{ objectFit: "cover", borderRadius: 4 }}
                      />
                    ) : null}
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {item.title}
                      </Text>
                      {isReady ? null : (
                        <Badge size="xs" color="gray" variant="light">
                          {t("studio.contents.notReady")}
                        </Badge>
                      )}
                    </Stack>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Switch
                      label={t("studio.contents.public")}
                      checked={item.is_public}
                      disabled={!isReady && !item.is_public}
                      onChange={(e) => setPublic(item.content_id, e.currentTarget.checked)}
                      aria-label={t("studio.contents.publicOf", { title: item.title })}
                    />
                    <Radio
                      value={item.content_id}
                      disabled={!item.is_public}
                      label={t("studio.contents.featured")}
                      aria-label={t("studio.contents.featuredOf", { title: item.title })}
                    />
                    <ActionIcon
                      variant="subtle"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t("studio.moveUp", { title: item.title })}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === items.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t("studio.moveDown", { title: item.title })}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </Radio.Group>
      )}
    </SectionFrame>
  );
}
