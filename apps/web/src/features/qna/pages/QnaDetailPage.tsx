import { Anchor, Group } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { PageIntro } from "../../shared/PageIntro";

/** `/qnacontentdetails`: one question and its answer; the board is not open yet. */
export default function QnaDetailPage() {
  const { t } = useTranslation("qna");
  return (
    <PageIntro title={t("detail.pageTitle")} lead={t("detail.lead")} size="md">
      <FeatureNotice title={t("notice.title")} text={t("notice.text")} />
      <Group>
        <Anchor component={Link} to="/qnalist" fw={600}>
          <Group gap={6} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t("backToList")}
          </Group>
        </Anchor>
      </Group>
    </PageIntro>
  );
}
