import type { TIndustry } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useChannelLabels } from "../../../i18n/channel-labels";
import { PageIntro } from "../../../ui/PageIntro";
import { FeedList } from "../components/FeedList";
import { IndustryFilter } from "../components/IndustryFilter";
import { useFeed } from "../hooks/use-feed";

/** The catch-all route (`*`): public contents of every channel, newest first, loading as you scroll. */
export default function FeedPage() {
  const { t } = useTranslation("channels");
  const labels = useChannelLabels();
  const [industry, setIndustry] = useState<TIndustry | null>(null);
  const feed = useFeed("feed", labels.lang, industry);
  return (
    <PageIntro
      title={t("feed.pageTitle")}
      lead={t("feed.lead")}
      aside={<IndustryFilter value={industry} onChange={setIndustry} labels={labels} />}
    >
      <FeedList items={feed.items} status={feed.status} hasMore={feed.hasMore} onMore={feed.loadMore} />
    </PageIntro>
  );
}
