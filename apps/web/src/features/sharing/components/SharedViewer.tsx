import { Loader } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../ui/PageTitle";
import { useLanguage } from "../../content/hooks/use-messages";
import { type TVitrineViewerConfig, VitrineViewer } from "../../viewer/components/VitrineViewer";
import { ShareStatus } from "./ShareStatus";
import classes from "./share-page.module.css";

/** Props of {@link SharedViewer}. */
export interface SharedViewerProps {
  /** What to show (memoised by the caller). */
  config: TVitrineViewerConfig;
}

/**
 * The shared content filling the window: `<vitrine-viewer>` with its own toolbar. A small
 * "please wait" stays over it until the first frame; a failure to draw is said plainly.
 */
export function SharedViewer({ config }: SharedViewerProps) {
  const { t } = useTranslation("sharing");
  const { t: tCodes } = useTranslation("codes");
  const lang = useLanguage();
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  if (state === "failed") {
    return (
      <ShareStatus
        icon={<IconAlertTriangle size={30} />}
        title={t("share.viewFailed.title")}
        text={t("share.viewFailed.text")}
        data-testid="share-view-failed"
      />
    );
  }
  return (
    <main className={classes.viewer} data-testid="share-viewer" data-state={state}>
      <PageTitle title={config.title} isHidden />
      <VitrineViewer
        config={config}
        lang={lang}
        label={t("share.viewerLabel")}
        className={classes.viewerHost}
        onReady={() => setState("ready")}
        onError={() => setState("failed")}
      />
      {state === "loading" ? (
        <div className={classes.overlay}>
          <output className={classes.pill} aria-live="polite">
            <Loader size="xs" color="gray.3" />
            {tCodes("loading")}
          </output>
        </div>
      ) : null}
    </main>
  );
}
