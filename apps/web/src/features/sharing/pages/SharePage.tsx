import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconCalendarOff, IconLinkOff, IconPlugConnectedX } from "@tabler/icons-react";
import { visitCountCall } from "@vitrine/contract";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { api } from "../../../api";
import { useResultMessage } from "../../content/hooks/use-messages";
import type { TVitrineViewerConfig } from "../../viewer/components/VitrineViewer";
import { SealedContentView } from "../components/SealedContentView";
import { SharedViewer } from "../components/SharedViewer";
import { SharePasswordForm } from "../components/SharePasswordForm";
import { ShareStatus } from "../components/ShareStatus";
import classes from "../components/share-page.module.css";
import { type TShareView, useShareResolve } from "../hooks/use-share-resolve";

type TContentView = Extract<TShareView, { kind: "content" }>;

/** A content shown through an open or unlocked link; counts one view (the server dedupes by cookie). */
function SharedContent({ doc }: { doc: TContentView["doc"] }) {
  const { content, branding, publisher } = doc;
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === content.content_id) return;
    counted.current = content.content_id;
    void api(visitCountCall, { user_contents_id: content.content_id });
  }, [content.content_id]);
  const config = useMemo<TVitrineViewerConfig>(
    () => ({
      modelUrl: content.model_url,
      posterUrl: content.thumbnail_url,
      title: content.title,
      build: content.build,
      specificationImages: content.specification.images,
      dimensions: content.dimensions,
      branding: { showLogo: branding.show_logo, showAds: branding.show_ads },
      homeUrl: "/",
    }),
    [content, branding],
  );
  return <SharedViewer config={config} publisher={publisher} contentId={content.content_id} />;
}

/** `/share/:id`: a shared content for visitors, or the page that says why it cannot be shown. */
export default function SharePage() {
  const { t } = useTranslation("sharing");
  const { t: tCodes } = useTranslation("codes");
  const messageOf = useResultMessage();
  const { id = "" } = useParams();
  const { view, resolve } = useShareResolve(id);
  const home = (
    <Button component={Link} to="/" variant="white" color="dark">
      {t("share.home")}
    </Button>
  );

  switch (view.kind) {
    case "loading":
      return (
        <main className={classes.shell} data-testid="share-loading">
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader color="gray.3" />
            <Text className={classes.text} size="sm">
              {tCodes("loading")}
            </Text>
          </Stack>
        </main>
      );
    case "content":
      return <SharedContent doc={view.doc} />;
    case "sealed":
      return <SealedContentView doc={view.doc} />;
    case "password":
      return <SharePasswordForm sharelinkUrl={id} onUnlocked={() => void resolve()} />;
    case "monthlyLimit":
      return (
        <ShareStatus
          icon={<IconCalendarOff size={30} />}
          title={t("share.monthlyLimit.title")}
          text={tCodes("shareLinkMonthlyLimit")}
          data-testid="share-monthly-limit"
        >
          {home}
        </ShareStatus>
      );
    case "notFound":
      return (
        <ShareStatus
          icon={<IconLinkOff size={30} />}
          title={t("share.notFound.title")}
          text={t("share.notFound.text")}
          data-testid="share-not-found"
        >
          {home}
        </ShareStatus>
      );
    case "failed":
      return (
        <ShareStatus
          icon={<IconPlugConnectedX size={30} />}
          title={t("share.failed.title")}
          text={messageOf(view.result)}
          data-testid="share-failed"
        >
          <Group justify="center">
            <Button variant="white" color="dark" onClick={() => void resolve()}>
              {t("share.failed.retry")}
            </Button>
            <Button component={Link} to="/" variant="subtle" color="gray.3">
              {t("share.home")}
            </Button>
          </Group>
        </ShareStatus>
      );
  }
}
