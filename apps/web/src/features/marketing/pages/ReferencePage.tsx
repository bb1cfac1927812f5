import { SimpleGrid } from "@mantine/core";
import {
  IconBuildingFactory2,
  IconBuildingStore,
  IconPresentation,
  IconShoppingCart,
  IconWorld,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { PageIntro } from "../../shared/PageIntro";
import { IconCard } from "../components/IconCard";

/** `/Reference`: the use cases, by kind of business; published customer stories come later. */
export default function ReferencePage() {
  const { t } = useTranslation("marketing");
  return (
    <PageIntro title={t("reference.pageTitle")} lead={t("reference.lead")}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        <IconCard
          icon={<IconBuildingFactory2 size={24} />}
          title={t("reference.categories.manufacturing")}
          text={t("reference.categories.manufacturingText")}
        />
        <IconCard
          icon={<IconShoppingCart size={24} />}
          color="orange"
          title={t("reference.categories.retail")}
          text={t("reference.categories.retailText")}
        />
        <IconCard
          icon={<IconWorld size={24} />}
          color="teal"
          title={t("reference.categories.export")}
          text={t("reference.categories.exportText")}
        />
        <IconCard
          icon={<IconBuildingStore size={24} />}
          color="grape"
          title={t("reference.categories.exhibition")}
          text={t("reference.categories.exhibitionText")}
        />
      </SimpleGrid>
      <FeatureNotice
        icon={<IconPresentation size={30} stroke={1.6} />}
        title={t("reference.notice.title")}
        text={t("reference.notice.text")}
      />
    </PageIntro>
  );
}
