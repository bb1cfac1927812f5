import type { TIndustry } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useChannelLabels } from "../../../i18n/channel-labels";
import { PageIntro } from "../../../ui/PageIntro";
import { FeedList } from "../components/FeedList";
import { IndustryFilter } from "../components/IndustryFilter";
import { useFeed } from "../hooks/use-feed";

/** `/ShowCase/`: the channels' featured contents, then the most viewed. */
export default function ShowCasePage() {
  const { t } = useTranslation("channels");
  const labels = useChannelLabels();
  const [industry, setIndustry] = useState<TIndustry | null>(null);
  const showcase = useFeed("showcase", labels.lang, industry);
  return (
    <PageIntro
      title={t("showcase.pageTitle")}
      lead={t("showcase.lead")}
      aside={<IndustryFilter value={industry} onChange={setIndustry} labels={labels} />}
    >
      <FeedList items={showcase.items} status={showcase.status} hasMore={false} onMore={showcase.loadMore} />
    </PageIntro>
  );
}
