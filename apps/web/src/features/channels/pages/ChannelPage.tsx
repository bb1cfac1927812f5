import { Box, Container, Group, Stack, Tabs, Text, ThemeIcon } from "@mantine/core";
import { IconBriefcase, IconBuildingStore, IconHome, IconWorld } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../ui/PageTitle";
import { FeatureNotice } from "../../shared/FeatureNotice";
import classes from "../components/channel.module.css";

/**
 * `/Channel/:id`: a business's public channel with its Home, Business and Export Info tabs. Channels
 * cannot be published yet, so every tab is empty and the page says so.
 */
export default function ChannelPage() {
  const { t } = useTranslation("channels");
  return (
    <>
      <Box className={classes.cover} aria-hidden />
      <Container size="lg" pb={{ base: "lg", sm: 48 }}>
        <Stack gap="lg">
          <Group gap="md" align="flex-end" mt={-40} wrap="nowrap">
            <ThemeIcon size={88} radius="lg" variant="white" className={classes.avatar} aria-hidden>
              <IconBuildingStore size={44} stroke={1.4} />
            </ThemeIcon>
            <Box pb={4} style={{ minWidth: 0 }}>
              <PageTitle title={t("pageTitle")} size="h2" />
            </Box>
          </Group>
          <Text c="dimmed">{t("lead")}</Text>
          <FeatureNotice
            title={t("notice.title")}
            text={t("notice.text")}
            link={{ to: "/", label: t("notice.link") }}
          />
          <Tabs defaultValue="home" aria-label={t("tabs.label")}>
            <Tabs.List>
              <Tabs.Tab value="home" leftSection={<IconHome size={16} />}>
                {t("tabs.home")}
              </Tabs.Tab>
              <Tabs.Tab value="business" leftSection={<IconBriefcase size={16} />}>
                {t("tabs.business")}
              </Tabs.Tab>
              <Tabs.Tab value="export" leftSection={<IconWorld size={16} />}>
                {t("tabs.exportInfo")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="home" py="xl">
              <Text ta="center" c="dimmed">
                {t("empty")}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="business" py="xl">
              <Text ta="center" c="dimmed">
                {t("noBusiness")}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="export" py="xl">
              <Text ta="center" c="dimmed">
                {t("noExportInfo")}
              </Text>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Container>
    </>
  );
}
