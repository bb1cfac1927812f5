import { Badge, Modal } from "@mantine/core";
import type { TBuild, TVec3 } from "@vitrine/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n/use-messages";
import { type TVitrineViewerConfig, VitrineViewer } from "../../../ui/VitrineViewer";

/** Props of {@link PreviewModal}. */
export interface PreviewModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  modelUrl: string;
  /** The build as edited, saved or not. */
  build: TBuild;
  /** The specification's images, as edited. */
  specificationImages: readonly string[];
  /** The saved thumbnail, shown until the first frame (as visitors see it). */
  posterUrl: string | null;
  /** Model size in metres, when the editor's engine measured it. */
  dimensions: TVec3 | null;
  /** True when the build shown differs from the saved one (said in the title). */
  isDirty: boolean;
  /** Platform logo and ads, as the owner's plan shows them to visitors. */
  branding: { showLogo: boolean; showAds: boolean };
}

/**
 * The content exactly as visitors will see it: the same `<vitrine-viewer>` element the share page
 * and the embed use (toolbar, annotation tour, motion, size, branding), fed with the unsaved build.
 */
export function PreviewModal({
  opened,
  onClose,
  title,
  modelUrl,
  build,
  specificationImages,
  posterUrl,
  dimensions,
  isDirty,
  branding,
}: PreviewModalProps) {
  const { t } = useTranslation("content");
  const lang = useLanguage();
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const { showLogo, showAds } = branding;

  // One config per opening: the editor's document cannot change while the preview covers it.
  const config = useMemo<TVitrineViewerConfig | null>(
    () =>
      opened
        ? {
            modelUrl,
            posterUrl,
            title,
            build,
            specificationImages: [...specificationImages],
            dimensions,
            branding: { showLogo, showAds },
          }
        : null,
    [opened, modelUrl, posterUrl, title, build, specificationImages, dimensions, showLogo, showAds],
  );

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setState("loading");
        onClose();
      }}
      fullScreen
      title={
        <>
          {t("editor.previewTitle")}
          {isDirty ? (
            <Badge variant="light" color="orange" ml={8} style={{ verticalAlign: "middle" }}>
              {t("editor.previewUnsaved")}
            </Badge>
          ) : null}
        </>
      }
      closeButtonProps={{ "aria-label": t("editor.closePreview") }}
      styles={{
        body: { height: "calc(100dvh - 60px)", padding: 0 },
        content: { display: "flex", flexDirection: "column" },
      }}
    >
      {config ? (
        <div style={{ position: "relative", height: "100%" }} data-testid="preview" data-state={state}>
          <VitrineViewer
            config={config}
            lang={lang}
            label={t("editor.viewerLabel", { title })}
            onReady={() => setState("ready")}
            onError={() => setState("failed")}
          />
        </div>
      ) : null}
    </Modal>
  );
}
