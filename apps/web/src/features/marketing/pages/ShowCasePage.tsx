import { IconSparkles } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { PageIntro } from "../../shared/PageIntro";

/** `/ShowCase/`: featured 3D content; it opens with channels and public content. */
export default function ShowCasePage() {
  const { t } = useTranslation("marketing");
  return (
    <PageIntro title={t("showcase.pageTitle")} lead={t("showcase.lead")}>
      <FeatureNotice
        icon={<IconSparkles size={30} stroke={1.6} />}
        title={t("showcase.notice.title")}
        text={t("showcase.notice.text")}
        link={{ to: "/", label: t("showcase.notice.link") }}
      />
    </PageIntro>
  );
}
