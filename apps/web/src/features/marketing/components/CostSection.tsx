import { Container, List, Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconCoin } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./home.module.css";
import { SectionHeading } from "./SectionHeading";

/** "Up to 90% cost savings": what a business no longer pays for, and the three steps instead. */
export function CostSection() {
  const { t } = useTranslation("marketing");
  return (
    <Container component="section" size="lg" py={{ base: 48, sm: 80 }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: "xl", md: 48 }} style={{ alignItems: "center" }}>
        <Stack gap={0}>
          <SectionHeading eyebrow={t("home.cost.eyebrow")} title={t("home.cost.title")} isCentered={false} />
          <Text c="dimmed" size="lg" mt={-8}>
            {t("home.cost.text")}
          </Text>
        </Stack>
        <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} className={classes.muted}>
          <Stack gap="md">
            <ThemeIcon size={52} radius="md" variant="gradient" gradient={{ from: "indigo", to: "cyan" }}>
              <IconCoin size={28} />
            </ThemeIcon>
            <List
              spacing="sm"
              size="md"
              icon={
                <ThemeIcon size={22} radius="xl" color="teal">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              <List.Item>{t("home.cost.point1")}</List.Item>
              <List.Item>{t("home.cost.point2")}</List.Item>
              <List.Item>{t("home.cost.point3")}</List.Item>
            </List>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Container>
  );
}
