import type { TSharePublisher } from "@vitrine/contract";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { pageTiming } from "../../../app/start";
import { TrackedViewer } from "../../analytics/TrackedViewer";
import type { TTrackTarget } from "../../analytics/track";
import { useLanguage } from "../../content/hooks/use-messages";
import { type TVitrineViewerConfig, VitrineViewer } from "../../viewer/components/VitrineViewer";
import { SharedHeader } from "./SharedHeader";
import classes from "./share-page.module.css";

/** Props of {@link SharedViewer}. */
export interface SharedViewerProps {
  /** What to show (memoised by the caller). */
  config: TVitrineViewerConfig;
  /** Who shared it, named above the viewer. */
  publisher: TSharePublisher;
  /** The content's id (null for a sealed link, whose content the server does not name). */
  contentId: string | null;
}

/**
 * The shared content: its title and who shared it in a bar above, `<vitrine-viewer>` filling
 * the rest (poster, progress, toolbar and its own failure message with a retry).
 */
export function SharedViewer({ config, publisher, contentId }: SharedViewerProps) {
  const { t } = useTranslation("sharing");
  const lang = useLanguage();
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  // The page-view rows of this page carry the content and its owner.
  useEffect(() => {
    pageTiming.setContent({ contentId: contentId ?? "", contentOwnerId: publisher.owner_id });
  }, [contentId, publisher.owner_id]);
  // The owner's report: a view of the content, and what the visitor did in the viewer. A sealed
  // link names no content: its view counts for the owner only.
  const target = useMemo<TTrackTarget>(
    () => ({ contentType: "product", contentOwnerId: publisher.owner_id, contentId: contentId ?? "" }),
    [contentId, publisher.owner_id],
  );
  return (
    <main className={classes.viewer} data-testid="share-viewer" data-state={state}>
      <SharedHeader title={config.title} publisher={publisher} contentId={contentId} />
      <div className={classes.stage}>
        <TrackedViewer target={target}>
          <VitrineViewer
            config={config}
            lang={lang}
            label={t("share.viewerLabel")}
            className={classes.viewerHost}
            onProgress={() => setState((s) => (s === "failed" ? "loading" : s))}
            onReady={() => setState("ready")}
            onError={() => setState("failed")}
          />
        </TrackedViewer>
      </div>
    </main>
  );
}
