import { Paper } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { PageIntro } from "../../shared/PageIntro";
import { HallIllustration } from "../components/HallIllustration";

/** `/ShowRoom`: the virtual exhibition hall; booths open with channels and 3D content. */
export default function ShowRoomPage() {
  const { t } = useTranslation("exhibition");
  return (
    <PageIntro title={t("pageTitle")} lead={t("lead")}>
      <Paper withBorder radius="lg" p={{ base: "xs", sm: "md" }}>
        <HallIllustration label={t("hallLabel")} />
      </Paper>
      <FeatureNotice
        icon={<IconBuildingStore size={30} stroke={1.6} />}
        title={t("notice.title")}
        text={t("notice.text")}
        link={{ to: "/price", label: t("notice.link") }}
      />
    </PageIntro>
  );
}
