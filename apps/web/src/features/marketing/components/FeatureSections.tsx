import { Box, Container, SimpleGrid } from "@mantine/core";
import {
  IconAccessible,
  IconLanguage,
  IconLink,
  IconListDetails,
  IconMapPin,
  IconPlayerPlay,
  IconRotate360,
  IconRun,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./home.module.css";
import { IconCard } from "./IconCard";
import { SectionHeading } from "./SectionHeading";

/** Action simulation, narration, accessibility and single-link sharing. */
export function FeatureGrid() {
  const { t } = useTranslation("marketing");
  return (
    <Box component="section" className={classes.muted} py={{ base: 48, sm: 80 }}>
      <Container size="lg">
        <SectionHeading eyebrow={t("home.features.eyebrow")} title={t("home.features.title")} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          <IconCard
            icon={<IconRun size={24} />}
            title={t("home.features.motionTitle")}
            text={t("home.features.motionText")}
          />
          <IconCard
            icon={<IconLanguage size={24} />}
            color="cyan"
            title={t("home.features.narrationTitle")}
            text={t("home.features.narrationText")}
          />
          <IconCard
            icon={<IconAccessible size={24} />}
            color="teal"
            title={t("home.features.accessibilityTitle")}
            text={t("home.features.accessibilityText")}
          />
          <IconCard
            icon={<IconLink size={24} />}
            color="violet"
            title={t("home.features.linkTitle")}
            text={t("home.features.linkText")}
          />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** The virtual customer experience cards: what a visitor can do with a product page. */
export function ExperienceCards() {
  const { t } = useTranslation("marketing");
  return (
    <Container component="section" size="lg" py={{ base: 48, sm: 80 }}>
      <SectionHeading eyebrow={t("home.experience.eyebrow")} title={t("home.experience.title")} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        <IconCard
          icon={<IconRotate360 size={24} />}
          title={t("home.experience.rotateTitle")}
          text={t("home.experience.rotateText")}
        />
        <IconCard
          icon={<IconMapPin size={24} />}
          color="orange"
          title={t("home.experience.notesTitle")}
          text={t("home.experience.notesText")}
        />
        <IconCard
          icon={<IconPlayerPlay size={24} />}
          color="grape"
          title={t("home.experience.motionTitle")}
          text={t("home.experience.motionText")}
        />
        <IconCard
          icon={<IconListDetails size={24} />}
          color="teal"
          title={t("home.experience.specTitle")}
          text={t("home.experience.specText")}
        />
      </SimpleGrid>
    </Container>
  );
}
