import { Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconBuildingStore, IconEye, IconMapPin } from "@tabler/icons-react";
import type { TPublicChannelDoc } from "@vitrine/contract";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TChannelLabels } from "../../../i18n/channel-labels";
import { BusinessMatchingButton } from "../../../ui/BusinessMatchingButton";
import { PageTitle } from "../../../ui/PageTitle";
import classes from "./channel.module.css";

/** Props of {@link ChannelHeader}. */
export interface ChannelHeaderProps {
  doc: TPublicChannelDoc;
  labels: TChannelLabels;
  /** The signed-in owner looks at their own channel: 'Go to My Channel' is shown. */
  isMine: boolean;
  /** Shown inside the studio's preview: the name is not the page's title. */
  isPreview?: boolean;
}

/** Cover, logo, name, views, country and introduction of a channel. */
export function ChannelHeader({ doc, labels, isMine, isPreview = false }: ChannelHeaderProps) {
  const { t } = useTranslation("channels");
  const brand = { "--channel-brand": doc.brand_color } as CSSProperties;
  return (
    <div style={brand}>
      <Box
        className={classes.cover}
        style={doc.cover_url ? { backgroundImage: `url("${doc.cover_url}")` } : undefined}
        data-testid="channel-cover"
        aria-hidden
      />
      <Container size="lg">
        <Stack gap="sm">
          <Group gap="md" align="flex-end" mt={-44} wrap="nowrap">
            <div className={classes.avatar}>
              {doc.logo_url ? (
                <img
                  src={doc.logo_url}
                  alt={t("logoAlt", { name: doc.channel_name })}
                  data-testid="channel-logo"
                />
              ) : (
                <IconBuildingStore size={44} stroke={1.4} aria-hidden />
              )}
            </div>
            <Box pb={4} style={{ minWidth: 0, flex: 1 }}>
              {isPreview ? (
                <Title order={2} style={{ overflowWrap: "anywhere" }}>
                  {doc.channel_name}
                </Title>
              ) : (
                <PageTitle title={doc.channel_name} size="h2" style={{ overflowWrap: "anywhere" }} />
              )}
              <Group gap="md" c="dimmed">
                <Group gap={4}>
                  <IconEye size={16} aria-hidden />
                  <Text size="sm" data-testid="channel-views">
                    {t("views", { count: doc.views })}
                  </Text>
                </Group>
                {doc.country ? (
                  <Group gap={4}>
                    <IconMapPin size={16} aria-hidden />
                    <Text size="sm">{labels.country(doc.country)}</Text>
                  </Group>
                ) : null}
              </Group>
            </Box>
            {isMine ? (
              <Button component={Link} to="/Studio/user/channel" variant="light" visibleFrom="xs">
                {t("goToMyChannel")}
              </Button>
            ) : isPreview ? null : (
              <Box visibleFrom="xs">
                <BusinessMatchingButton source="channel" channelId={doc.user_channel_id} />
              </Box>
            )}
          </Group>
          {isMine ? (
            <Button component={Link} to="/Studio/user/channel" variant="light" hiddenFrom="xs">
              {t("goToMyChannel")}
            </Button>
          ) : isPreview ? null : (
            <Box hiddenFrom="xs">
              <BusinessMatchingButton source="channel" channelId={doc.user_channel_id} fullWidth />
            </Box>
          )}
          {doc.channel_intro ? (
            <Text style={{ whiteSpace: "pre-line" }} maw={820}>
              {doc.channel_intro}
            </Text>
          ) : null}
        </Stack>
      </Container>
    </div>
  );
}
