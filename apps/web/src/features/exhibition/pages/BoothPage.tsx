import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { boothPageCall, boothProductCall, boothVisitCall, type TCallOutput } from "@vitrine/contract";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { api } from "../../../api";
import { usePageLanguage } from "../../../i18n/channel-labels";
import { PageTitle } from "../../../ui/PageTitle";
import { TrackedViewer, useTrackView } from "../../../ui/TrackedViewer";
import { type TVitrineViewerConfig, VitrineViewer } from "../../../ui/VitrineViewer";
import { BoothBody } from "../components/BoothBody";
import { BoothMatchingSlot } from "../components/BoothMatchingSlot";
import classes from "../components/exhibition.module.css";
import { boothName, textIn } from "../lib/texts";

type TPage = TCallOutput<typeof boothPageCall>;
type TProduct = TCallOutput<typeof boothProductCall>;

/**
 * `/ShowRoom/:exhibitionId/booth/:boothId`: a booth. Its products one at a time in
 * `<vitrine-viewer>` (the hero first), then the pitch, video, images, documents and the
 * channel's people. The visit counts once a day per visitor (SPEC §4 booth cookie).
 */
export default function BoothPage() {
  const { t } = useTranslation("exhibition");
  const { t: tCodes } = useTranslation("codes");
  const lang = usePageLanguage();
  const { exhibitionId = "", boothId = "" } = useParams();
  const [page, setPage] = useState<TPage | "loading" | "failed">("loading");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [product, setProduct] = useState<TProduct | "loading" | "failed" | null>(null);
  const [drawnId, setDrawnId] = useState<string | null>(null);
  const counted = useRef<string | null>(null);

  useEffect(() => {
    let isLive = true;
    void api(boothPageCall, { booth_id: boothId, lang }).then((res) => {
      if (!isLive) return;
      setPage(res.status ? res.data : "failed");
      if (res.status) {
        setSelectedId(
          (prev) => prev ?? res.data.doc.hero?.content_id ?? res.data.doc.products[0]?.content_id ?? null,
        );
      }
    });
    return () => {
      isLive = false;
    };
  }, [boothId, lang]);

  const isReady = typeof page === "object";
  // The booth's view in its owner's report (the products shown in it count as contents too).
  useTrackView(
    isReady
      ? { contentType: "booth", contentOwnerId: page.doc.owner_id, contentId: page.doc.booth_id }
      : null,
  );
  useEffect(() => {
    if (!isReady || counted.current === boothId) return;
    counted.current = boothId;
    void api(boothVisitCall, { uuid: boothId });
  }, [isReady, boothId]);

  useEffect(() => {
    if (selectedId === null) return;
    let isLive = true;
    setProduct("loading");
    void api(boothProductCall, { booth_id: boothId, content_id: selectedId }).then((res) => {
      if (isLive) setProduct(res.status ? res.data : "failed");
    });
    return () => {
      isLive = false;
    };
  }, [boothId, selectedId]);

  const config = useMemo<TVitrineViewerConfig | null>(() => {
    if (product === null || typeof product !== "object") return null;
    const { doc, branding } = product;
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
  }, [product]);

  const exhibitionName = isReady ? textIn(page.exhibition.name, lang) : t("booth.backFallback");
  const back = (
    <Button
      component={Link}
      to={`/ShowRoom/${encodeURIComponent(exhibitionId)}`}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      px={0}
    >
      {exhibitionName}
    </Button>
  );

  if (!isReady) {
    return (
      <Stack gap="md" p="lg" align="flex-start">
        <PageTitle title={t("booth.title")} size="h3" />
        {page === "loading" ? (
          <Loader aria-label={tCodes("loading")} />
        ) : (
          <Alert color="gray">{t("booth.notFound")}</Alert>
        )}
        {back}
      </Stack>
    );
  }

  const { doc } = page;
  const stage = (
    <div
      className={classes.stage}
      data-testid="booth-stage"
      data-state={drawnId !== null && drawnId === selectedId ? "ready" : "loading"}
    >
      {doc.products.length === 0 ? (
        <Group h="100%" justify="center" p="md">
          <Text c="gray.3">{t("booth.noProducts")}</Text>
        </Group>
      ) : config ? (
        <TrackedViewer
          target={
            typeof product === "object" && product
              ? { contentType: "product", contentOwnerId: doc.owner_id, contentId: product.doc.content_id }
              : null
          }
        >
          <VitrineViewer
            config={config}
            lang={lang}
            label={t("booth.viewerLabel", { title: config.title })}
            onReady={() => setDrawnId(typeof product === "object" && product ? product.doc.content_id : null)}
          />
        </TrackedViewer>
      ) : product === "failed" ? (
        <Group h="100%" justify="center">
          <Text c="gray.3">{tCodes("notFound")}</Text>
        </Group>
      ) : (
        <Group h="100%" justify="center">
          <Loader color="gray" aria-label={tCodes("loading")} />
        </Group>
      )}
    </div>
  );
  return (
    <Stack gap="md" px={{ base: "sm", sm: "xl" }} py={{ base: "sm", sm: "lg" }} maw={1200} mx="auto" w="100%">
      <PageTitle title={boothName(doc)} isHidden />
      <Group>{back}</Group>
      <BoothBody
        doc={doc}
        categories={page.exhibition.categories}
        lang={lang}
        stage={stage}
        selectedId={selectedId}
        onSelect={setSelectedId}
        matchingSlot={<BoothMatchingSlot channelId={doc.channel.user_channel_id} boothId={doc.booth_id} />}
        headingOrder={1}
      />
    </Stack>
  );
}
