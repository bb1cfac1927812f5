/**
 * The app's tracker (issue 11): `trackView` for contents, channels, booths and matching forms,
 * and the interaction helpers, sending §3 rows in batches through the fixed log call. Features
 * call these; the embed uses `tracker.ts` directly with its own envelope.
 */
import { getEnvelope } from "../../api";
import { useSession } from "../../stores/session";
import { pageTiming } from "./tab-timing";
import { createTracker, type TTracker, type TTrackTarget } from "./tracker";

export type { TTrackTarget } from "./tracker";

let tracker: TTracker | null = null;

/** The tab's tracker, created and installed on first use. */
export function appTracker(): TTracker {
  if (!tracker) {
    tracker = createTracker({
      getEnvelope,
      getUserId: () => useSession.getState().userId,
      // A visitor who went from a share page to the channel came from Vitrine, not from where the
      // tab was first opened: rows name the in-app page before this one.
      getReferrer: () => {
        const from = pageTiming.previousPath();
        return from ? `${location.origin}${from}` : document.referrer;
      },
    });
    tracker.install();
  }
  return tracker;
}

/** Records a view of a content (`product`), channel, booth or matching form (`match`). */
export function trackView(target: TTrackTarget): void {
  appTracker().trackView(target);
}

/** Starts an experience of a viewer showing `target` (counted only with interaction). */
export function trackExperienceStart(target: TTrackTarget): void {
  appTracker().experienceStart(target);
}

/** Ends the experience of `target`. */
export function trackExperienceEnd(target: TTrackTarget): void {
  appTracker().experienceEnd(target);
}

/** An annotation of `target` was opened. */
export function trackAnnotationOpened(target: TTrackTarget, annotationId: string): void {
  appTracker().annotationOpened(target, annotationId);
}

/** A motion step (1-based) of `target` was played. */
export function trackMotionStepPlayed(target: TTrackTarget, step: number): void {
  appTracker().motionStepPlayed(target, step);
}

/**
 * Watches a `<vitrine-viewer>` showing `target`: experience (with rotate/zoom/annotation/motion
 * interaction), annotation opens and motion steps. Returns the undo (ends the experience).
 */
export function watchViewer(element: EventTarget, target: TTrackTarget): () => void {
  return appTracker().watchViewer(element, target);
}
