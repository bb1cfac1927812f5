import { Button, Center, Loader, Text } from "@mantine/core";
import type { TFeedItem } from "@vitrine/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ContentCardGrid } from "./ContentCardGrid";

/** Props of {@link FeedList}. */
export interface FeedListProps {
  items: TFeedItem[];
  status: "loading" | "ready" | "failed";
  hasMore: boolean;
  onMore: () => void;
}

/** Feed cards linking to each content on its channel; more load when the end comes into view. */
export function FeedList({ items, status, hasMore, onMore }: FeedListProps) {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver !== "function") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, onMore]);

  const cards = items.map((item) => ({
    ...item,
    href: `/Channel/${item.channel.user_channel_id}/content/${item.content_id}`,
    channel: {
      name: item.channel.channel_name,
      href: `/Channel/${item.channel.user_channel_id}`,
      logoUrl: item.channel.logo_url,
    },
  }));
  return (
    <>
      {cards.length > 0 ? <ContentCardGrid items={cards} /> : null}
      {status === "ready" && cards.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("feedEmpty")}
        </Text>
      ) : null}
      {status === "failed" ? (
        <Text c="dimmed" ta="center" role="alert">
          {tCodes("notProcessed")}
        </Text>
      ) : null}
      <div ref={sentinel} />
      <Center>
        {status === "loading" ? (
          <Loader size="sm" aria-label={tCodes("loading")} />
        ) : hasMore ? (
          <Button variant="default" onClick={onMore}>
            {t("loadMore")}
          </Button>
        ) : null}
      </Center>
    </>
  );
}
