import { Stack } from "@mantine/core";
import { IconCube } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../ui/PageTitle";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { ViewerFrame } from "../../viewer/components/ViewerFrame";

/** `/share/:id`: the shared content page, full viewport, no site header; viewing is not open yet. */
export default function SharePage() {
  const { t } = useTranslation("sharing");
  return (
    <ViewerFrame label={t("share.viewerLabel")} toolbarLabel={t("share.toolbarLabel")}>
      <Stack gap="md" maw={520} w="100%">
        <PageTitle title={t("share.pageTitle")} c="white" ta="center" size="h3" />
        <FeatureNotice
          icon={<IconCube size={30} stroke={1.6} />}
          title={t("share.notice.title")}
          text={t("share.notice.text")}
          link={{ to: "/", label: t("share.notice.link") }}
        />
      </Stack>
    </ViewerFrame>
  );
}
