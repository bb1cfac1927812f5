import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight, IconCube } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HeroIllustration } from "./HeroIllustration";
import classes from "./home.module.css";

/** The landing page's hero: the pitch (the page's one h1), the two calls to action and an illustration. */
export function HeroSection() {
  const { t } = useTranslation("marketing");
  return (
    <Box component="section" className={classes.hero} py={{ base: 40, sm: 72 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 48 }} style={{ alignItems: "center" }}>
          <Stack gap="lg">
            <Badge size="lg" variant="light" leftSection={<IconCube size={14} />} w="fit-content">
              {t("home.hero.badge")}
            </Badge>
            <Title order={1} className={classes.heroTitle}>
              {t("home.hero.title")}
            </Title>
            <Text size="lg" c="dimmed" maw={560}>
              {t("home.hero.lead")}
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/register" size="md" rightSection={<IconArrowRight size={18} />}>
                {t("home.hero.tryFree")}
              </Button>
              <Button component={Link} to="/price" size="md" variant="default">
                {t("home.hero.seePricing")}
              </Button>
            </Group>
          </Stack>
          <HeroIllustration label={t("home.hero.illustration")} />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
