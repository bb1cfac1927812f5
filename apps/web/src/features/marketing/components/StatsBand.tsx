import { Box, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./home.module.css";

const STATS = [
  { value: "home.stats.costValue", label: "home.stats.costLabel" },
  { value: "home.stats.conversionValue", label: "home.stats.conversionLabel" },
  { value: "home.stats.returnsValue", label: "home.stats.returnsLabel" },
  { value: "home.stats.confidenceValue", label: "home.stats.confidenceLabel" },
] as const;

/** The marketing claims of SPEC §1 as one band of figures. */
export function StatsBand() {
  const { t } = useTranslation("marketing");
  return (
    <Box component="section" className={classes.stats} py={{ base: 40, sm: 56 }}>
      <Container size="lg">
        <Title order={2} ta="center" size="h3" mb="xl" c="white">
          {t("home.stats.title")}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "lg", md: "xl" }}>
          {STATS.map((stat) => (
            <Stack key={stat.value} gap={4} align="center" ta="center" data-testid="home-stat">
              <Text className={classes.statValue}>{t(stat.value)}</Text>
              <Text size="sm" opacity={0.9}>
                {t(stat.label)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
