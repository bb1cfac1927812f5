import { Button, Progress, Stack, Text } from "@mantine/core";
import { IconKeyOff } from "@tabler/icons-react";
import type { TSharedDoc } from "@vitrine/contract";
import { keyFromFragment, openSnapshotAsUrls, type TOpenedSnapshot } from "@vitrine/viewer/sealed";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { TVitrineViewerConfig } from "../../viewer/components/VitrineViewer";
import { fetchBytes } from "../lib/fetch-bytes";
import { SharedViewer } from "./SharedViewer";
import { ShareStatus } from "./ShareStatus";
import classes from "./share-page.module.css";

/** Props of {@link SealedContentView}. */
export interface SealedContentViewProps {
  doc: Extract<TSharedDoc, { kind: "sealed" }>;
}

type TSealedState =
  | { kind: "downloading"; fraction: number }
  | { kind: "opening" }
  | { kind: "open"; config: TVitrineViewerConfig }
  | { kind: "broken" };

/**
 * An encrypted link: the key comes from the fragment (`#k=`), the ciphertext is downloaded with
 * a progress bar and opened in the browser; the model and every media file become `blob:` URLs,
 * and the build's `/blobs/...` references are mapped onto them. Revoked when the page goes.
 */
export function SealedContentView({ doc }: SealedContentViewProps) {
  const { t } = useTranslation("sharing");
  const { hash } = useLocation();
  const key = keyFromFragment(hash);
  const [state, setState] = useState<TSealedState>(
    key === null ? { kind: "broken" } : { kind: "downloading", fraction: 0 },
  );

  useEffect(() => {
    if (key === null) {
      setState({ kind: "broken" });
      return;
    }
    const controller = new AbortController();
    let opened: TOpenedSnapshot | null = null;
    let isGone = false;
    setState({ kind: "downloading", fraction: 0 });
    void (async () => {
      try {
        const { bytes } = await fetchBytes(doc.sealed_url, {
          expectedBytes: doc.sealed_bytes,
          signal: controller.signal,
          onProgress: (fraction) => {
            if (!isGone) setState({ kind: "downloading", fraction });
          },
        });
        if (isGone) return;
        setState({ kind: "opening" });
        opened = await openSnapshotAsUrls(bytes, key);
        if (isGone) {
          opened.revoke();
          return;
        }
        const { manifest, modelUrl, resolveMedia } = opened;
        setState({
          kind: "open",
          config: {
            modelUrl,
            title: manifest.title,
            build: manifest.build,
            specificationImages: manifest.specificationImages.map(resolveMedia),
            dimensions: manifest.dimensions,
            branding: { showLogo: doc.branding.show_logo, showAds: doc.branding.show_ads },
            resolveMedia,
            homeUrl: "/",
          },
        });
      } catch {
        if (!isGone) setState({ kind: "broken" });
      }
    })();
    return () => {
      isGone = true;
      controller.abort();
      opened?.revoke();
    };
  }, [key, doc.sealed_url, doc.sealed_bytes, doc.branding.show_logo, doc.branding.show_ads]);

  if (state.kind === "broken") {
    return (
      <ShareStatus
        icon={<IconKeyOff size={30} />}
        title={t("share.sealed.brokenTitle")}
        text={t("share.sealed.brokenText")}
        data-testid="share-sealed-broken"
      >
        <Button component={Link} to="/" variant="white" color="dark">
          {t("share.home")}
        </Button>
      </ShareStatus>
    );
  }
  if (state.kind === "open")
    return <SharedViewer config={state.config} publisher={doc.publisher} contentId={null} />;
  const percent = state.kind === "downloading" ? Math.round(state.fraction * 100) : 100;
  return (
    <main className={classes.shell} data-testid="share-sealed-loading">
      <Stack className={classes.card} gap="sm" role="status" aria-live="polite">
        <Progress
          value={percent}
          animated
          striped={state.kind === "opening"}
          aria-label={t("share.pageTitle")}
        />
        <Text size="sm" className={classes.text}>
          {state.kind === "downloading"
            ? t("share.sealed.downloading", { percent })
            : t("share.sealed.opening")}
        </Text>
      </Stack>
    </main>
  );
}
