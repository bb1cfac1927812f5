import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../ui/PageTitle";
import { useLanguage } from "../../content/hooks/use-messages";
import { type TVitrineViewerConfig, VitrineViewer } from "../../viewer/components/VitrineViewer";
import classes from "./share-page.module.css";

/** Props of {@link SharedViewer}. */
export interface SharedViewerProps {
  /** What to show (memoised by the caller). */
  config: TVitrineViewerConfig;
}

/**
 * The shared content filling the window: `<vitrine-viewer>` brings its poster, progress,
 * toolbar and its own failure message with a retry; the page title is the content's title.
 */
export function SharedViewer({ config }: SharedViewerProps) {
  const { t } = useTranslation("sharing");
  const lang = useLanguage();
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  return (
    <main className={classes.viewer} data-testid="share-viewer" data-state={state}>
      <PageTitle title={config.title} isHidden />
      <VitrineViewer
        config={config}
        lang={lang}
        label={t("share.viewerLabel")}
        className={classes.viewerHost}
        onProgress={() => setState((s) => (s === "failed" ? "loading" : s))}
        onReady={() => setState("ready")}
        onError={() => setState("failed")}
      />
    </main>
  );
}
