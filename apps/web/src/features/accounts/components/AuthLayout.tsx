import { Box, Container, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconCube } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../ui/PageTitle";
import classes from "./auth.module.css";

/** Props of {@link AuthLayout}. */
export interface AuthLayoutProps {
  /** Page title (document title and the h1), already translated. */
  title: string;
  /** One sentence under the title, already translated. */
  lead: string;
  /** The form. */
  children: ReactNode;
  /** Show the sign-up promo beside the form on wide screens. */
  hasPromo?: boolean;
}

/**
 * The frame of the sign-in, sign-up and password pages: title, the form card, and on wide
 * screens the sign-up promo.
 */
export function AuthLayout({ title, lead, children, hasPromo = true }: AuthLayoutProps) {
  const { t } = useTranslation("accounts");
  const form = (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle title={title} />
        <Text c="dimmed">{lead}</Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        {children}
      </Paper>
    </Stack>
  );
  return (
    <Container size={hasPromo ? "lg" : 520} py={{ base: "lg", sm: 56 }}>
      {hasPromo ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: "start" }}>
          {form}
          <Box visibleFrom="md" className={classes.promo} p="xl">
            <Stack gap="lg">
              <ThemeIcon size={56} radius="md" color="white" c="indigo.7" aria-hidden>
                <IconCube size={32} />
              </ThemeIcon>
              <Title order={2} c="white">
                {t("promo.title")}
              </Title>
              <List
                spacing="md"
                c="white"
                icon={
                  <ThemeIcon size={22} radius="xl" color="white" c="indigo.7">
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                <List.Item>{t("promo.point1")}</List.Item>
                <List.Item>{t("promo.point2")}</List.Item>
                <List.Item>{t("promo.point3")}</List.Item>
              </List>
              <Text opacity={0.9}>{t("promo.trial")}</Text>
            </Stack>
          </Box>
        </SimpleGrid>
      ) : (
        form
      )}
    </Container>
  );
}
