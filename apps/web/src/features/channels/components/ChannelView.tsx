import { Alert, Container, Stack, Tabs, Text } from "@mantine/core";
import { IconBriefcase, IconHome, IconLanguage, IconWorld } from "@tabler/icons-react";
import type { TPublicChannelDoc } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useChannelLabels } from "../../../i18n/channel-labels";
import { BusinessTab } from "./BusinessTab";
import { ChannelHeader } from "./ChannelHeader";
import { ContentCardGrid } from "./ContentCardGrid";
import { ExportTab } from "./ExportTab";

/** Props of {@link ChannelView}. */
export interface ChannelViewProps {
  doc: TPublicChannelDoc;
  /** Every text is in the page's language (else a quiet note says some are not). */
  isTranslated: boolean;
  isMine: boolean;
  /** Inside the studio's preview. */
  isPreview?: boolean;
}

/** A channel as visitors see it: header, translation note, and the Home, Business and Export Info tabs. */
export function ChannelView({ doc, isTranslated, isMine, isPreview = false }: ChannelViewProps) {
  const { t } = useTranslation("channels");
  const labels = useChannelLabels();
  const items = doc.contents.map((c) => ({
    ...c,
    href: `/Channel/${doc.user_channel_id}/content/${c.content_id}`,
  }));
  return (
    <>
      <ChannelHeader doc={doc} labels={labels} isMine={isMine} isPreview={isPreview} />
      <Container size="lg" pt="lg" pb={{ base: "lg", sm: 48 }}>
        <Stack gap="lg">
          {isTranslated ? null : (
            <Alert variant="light" color="gray" icon={<IconLanguage size={18} />} p="xs">
              <Text size="sm">{t("untranslatedNote")}</Text>
            </Alert>
          )}
          {doc.machine_translated.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t("machineNote")}
            </Text>
          ) : null}
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
            <Tabs.Panel value="home" py="lg">
              {items.length > 0 ? (
                <ContentCardGrid items={items} />
              ) : (
                <Text ta="center" c="dimmed" py="xl">
                  {t("empty")}
                </Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="business" py="lg">
              <BusinessTab doc={doc} labels={labels} />
            </Tabs.Panel>
            <Tabs.Panel value="export" py="lg">
              <ExportTab doc={doc} labels={labels} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Container>
    </>
  );
}
