import {
  Box,
  Button,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconAd2,
  IconArrowRight,
  IconBuildingStore,
  IconCheck,
  IconHeartHandshake,
  IconShare,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { connectFormHref } from "../../../lib/connect-form-link";
import classes from "./home.module.css";
import { IconCard } from "./IconCard";
import { SectionHeading } from "./SectionHeading";
import { StudioIllustration } from "./StudioIllustration";

/** "Share now": one link, no account needed for visitors. */
export function ShareNowBand() {
  const { t } = useTranslation("marketing");
  return (
    <Container component="section" size="lg" pb={{ base: 48, sm: 80 }}>
      <Box className={classes.shareBand} p={{ base: "xl", sm: 48 }}>
        <Group justify="space-between" align="center" gap="xl">
          <Group gap="lg" wrap="nowrap" align="flex-start" style={{ flex: "1 1 420px" }}>
            <ThemeIcon size={52} radius="md" color="white" c="indigo.7" aria-hidden visibleFrom="xs">
              <IconShare size={28} />
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={2} c="white">
                {t("home.share.title")}
              </Title>
              <Text opacity={0.92}>{t("home.share.text")}</Text>
            </Stack>
          </Group>
          <Button component={Link} to="/register" size="md" color="white" c="indigo.7" variant="filled">
            {t("home.share.cta")}
          </Button>
        </Group>
      </Box>
    </Container>
  );
}

/** The studio promo: what the studio does, with an inline drawing of it. */
export function StudioPromo() {
  const { t } = useTranslation("marketing");
  return (
    <Box component="section" className={classes.muted} py={{ base: 48, sm: 80 }}>
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing={{ base: "xl", md: 56 }}
          style={{ alignItems: "center" }}
        >
          <StudioIllustration label={t("home.studio.illustration")} />
          <Stack gap={0}>
            <SectionHeading
              eyebrow={t("home.studio.eyebrow")}
              title={t("home.studio.title")}
              isCentered={false}
            />
            <Text c="dimmed" size="lg" mt={-8} mb="lg">
              {t("home.studio.text")}
            </Text>
            <List
              spacing="sm"
              mb="xl"
              icon={
                <ThemeIcon size={22} radius="xl" color="indigo">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              <List.Item>{t("home.studio.point1")}</List.Item>
              <List.Item>{t("home.studio.point2")}</List.Item>
              <List.Item>{t("home.studio.point3")}</List.Item>
            </List>
            <Button
              component={Link}
              to="/register"
              size="md"
              w="fit-content"
              rightSection={<IconArrowRight size={18} />}
            >
              {t("home.studio.cta")}
            </Button>
          </Stack>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** 3D advertising, virtual showrooms and business matching. */
export function BusinessSection() {
  const { t } = useTranslation("marketing");
  return (
    <Container component="section" size="lg" py={{ base: 48, sm: 80 }}>
      <SectionHeading eyebrow={t("home.business.eyebrow")} title={t("home.business.title")} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <IconCard
          icon={<IconAd2 size={24} />}
          color="pink"
          title={t("home.business.adsTitle")}
          text={t("home.business.adsText")}
        />
        <IconCard
          icon={<IconBuildingStore size={24} />}
          color="indigo"
          title={t("home.business.showroomTitle")}
          text={t("home.business.showroomText")}
          link={{ to: "/ShowRoom", label: t("home.business.showroomCta") }}
        />
        <IconCard
          icon={<IconHeartHandshake size={24} />}
          color="teal"
          title={t("home.business.matchingTitle")}
          text={t("home.business.matchingText")}
          link={{ to: connectFormHref({ source: "home" }), label: t("home.business.matchingCta") }}
        />
      </SimpleGrid>
    </Container>
  );
}

/** The closing call to action. */
export function FinalCta() {
  const { t } = useTranslation("marketing");
  return (
    <Box component="section" className={classes.hero} py={{ base: 48, sm: 72 }}>
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} style={{ fontSize: "clamp(1.5rem, 3.2vw, 2.2rem)" }}>
            {t("home.final.title")}
          </Title>
          <Text c="dimmed" size="lg">
            {t("home.final.text")}
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/register" size="md">
              {t("home.final.tryFree")}
            </Button>
            <Button component={Link} to="/price" size="md" variant="default">
              {t("home.final.seePricing")}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
