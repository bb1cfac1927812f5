import { IconCompass } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { PageIntro } from "../../shared/PageIntro";

/** The catch-all route (`*`): the public feed, which opens with channels. */
export default function FeedPage() {
  const { t } = useTranslation("marketing");
  return (
    <PageIntro title={t("feed.pageTitle")} lead={t("feed.lead")}>
      <FeatureNotice
        icon={<IconCompass size={30} stroke={1.6} />}
        title={t("feed.notice.title")}
        text={t("feed.notice.text")}
        link={{ to: "/", label: t("feed.notice.link") }}
      />
    </PageIntro>
  );
}
