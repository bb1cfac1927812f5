import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { channelContentCall, type TCallOutput, visitChannelInflowCall } from "@vitrine/contract";
import { type CSSProperties, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { api } from "../../../api";
import { usePageLanguage } from "../../../i18n/channel-labels";
import { BusinessMatchingButton } from "../../../ui/BusinessMatchingButton";
import { PageTitle } from "../../../ui/PageTitle";
import { TrackedViewer } from "../../../ui/TrackedViewer";
import { type TVitrineViewerConfig, VitrineViewer } from "../../../ui/VitrineViewer";
import classes from "../components/channel.module.css";

type TShown = TCallOutput<typeof channelContentCall>;

/**
 * `/Channel/:id/content/:contentId`: a public content of a channel in `<vitrine-viewer>`; the
 * visit counts as the channel's inflow (once a day per visitor and channel).
 */
export default function ChannelContentPage() {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const lang = usePageLanguage();
  const { id = "", contentId = "" } = useParams();
  const [shown, setShown] = useState<TShown | null | "failed">(null);
  const counted = useRef<string | null>(null);

  useEffect(() => {
    let isLive = true;
    void api(channelContentCall, { user_channel_id: id, user_contents_id: contentId }).then((res) => {
      if (isLive) setShown(res.status ? res.data : "failed");
    });
    return () => {
      isLive = false;
    };
  }, [id, contentId]);

  const isReady = shown !== null && shown !== "failed";
  useEffect(() => {
    const key = `${id}/${contentId}`;
    if (!isReady || counted.current === key) return;
    counted.current = key;
    void api(visitChannelInflowCall, { user_channel_id: id, user_contents_id: contentId });
  }, [isReady, id, contentId]);

  const config = useMemo<TVitrineViewerConfig | null>(() => {
    if (shown === null || shown === "failed") return null;
    const { doc, branding } = shown;
    return {
      modelUrl: doc.model_url,
      posterUrl: doc.thumbnail_url,
      title: doc.title,
      build: doc.build,
      specificationImages: doc.specification.images,
      dimensions: doc.dimensions,
      branding: { showLogo: branding.show_logo, showAds: branding.show_ads },
      homeUrl: "/",
    };
  }, [shown]);

  const back = (
    <Button
      component={Link}
      to={`/Channel/${id}`}
      variant="white"
      color="dark"
      size="xs"
      leftSection={<IconArrowLeft size={14} />}
    >
      {isReady ? shown.channel.channel_name : t("backToChannel")}
    </Button>
  );

  if (!config) {
    return (
      <main className={classes.viewerPage}>
        <Stack align="center" justify="center" h="100%" c="gray.1" ta="center" p="md">
          <PageTitle title={t("contentPageTitle")} size="h3" />
          {shown === "failed" ? (
            <Text>{tCodes("notFound")}</Text>
          ) : (
            <Loader color="gray" aria-label={tCodes("loading")} />
          )}
          {back}
        </Stack>
      </main>
    );
  }
  // The channel's brand colour frames the viewer (and tints its back button), as on the channel page.
  const brand = { "--channel-brand": isReady ? shown.channel.brand_color : undefined } as CSSProperties;
  return (
    <main className={classes.viewerPage} style={brand} data-testid="channel-content-viewer">
      <PageTitle title={config.title} isHidden />
      <Group className={classes.viewerBar} gap="xs">
        {back}
        <BusinessMatchingButton
          label="contact"
          source="channel"
          channelId={id}
          contentId={contentId}
          size="xs"
          variant="white"
          color="dark"
        />
      </Group>
      <TrackedViewer
        target={
          isReady
            ? {
                contentType: "product",
                contentOwnerId: shown.channel.owner_id,
                contentId: shown.doc.content_id,
              }
            : null
        }
      >
        <VitrineViewer config={config} lang={lang} label={t("viewerLabel")} className={classes.viewerHost} />
      </TrackedViewer>
    </main>
  );
}
