/**
 * The embed's view rows (SPEC §3 view log, §4 page timing; issues 9 item 19 and 11): the page's
 * `view_start` / `view_end` with the content and its owner, the content's `view` row, and the
 * viewer's experience, annotation opens and motion steps — the same rows the share page sends,
 * sealed with the embed's own envelope. Loaded as its own chunk once the link has resolved, so
 * the first frame never waits for it.
 */
import { createPageTiming } from "../lib/tracking/page-timing";
import { createTracker, type TTrackTarget } from "../lib/tracking/tracker";
import { RELAY_URL, type TSealer } from "../lib/tracking/view-log";

/** What the embed knows once a link has resolved. */
export interface TEmbedTrackInput {
  getEnvelope: () => Promise<TSealer>;
  /** The shared content (empty for a sealed link, whose id only the snapshot knows). */
  contentId: string;
  contentOwnerId: string;
}

/** A started tracking: `watch` the viewer element once it exists; `stop` on dispose. */
export interface TEmbedTracking {
  watch(viewer: EventTarget): void;
  stop(): void;
}

/** Starts the rows of one embed page for a resolved content. */
export function startEmbedTracking(input: TEmbedTrackInput): TEmbedTracking {
  const content = { contentId: input.contentId, contentOwnerId: input.contentOwnerId };
  const target: TTrackTarget = { contentType: "product", ...content };
  const timing = createPageTiming({
    getEnvelope: input.getEnvelope,
    getUserId: () => null,
    relayUrl: RELAY_URL,
  });
  const tracker = createTracker({ getEnvelope: input.getEnvelope });
  const undo = [timing.install(), tracker.install()];
  timing.enter(location.pathname, { awaitsContent: true });
  timing.setContent(content);
  tracker.trackView(target);
  return {
    watch(viewer) {
      undo.push(tracker.watchViewer(viewer, target));
    },
    stop() {
      for (const step of undo.splice(0).reverse()) step();
      void tracker.flush();
    },
  };
}
