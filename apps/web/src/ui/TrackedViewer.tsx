/**
 * React's handles on the tracker (issue 11): `useTrackView` sends one `view` row per thing a
 * page shows, `TrackedViewer` watches the `<vitrine-viewer>` inside it (experience with its
 * seconds, annotation opens, motion steps). The viewer's pointer and `vt-*` events bubble to
 * the wrapper, which takes no room of its own (`display: contents`).
 */
import { type ReactNode, useEffect, useRef } from "react";
import { type TTrackTarget, trackView, watchViewer } from "../lib/tracking/track";

function keyOf(target: TTrackTarget | null): string | null {
  if (!target?.contentOwnerId) return null;
  return `${target.contentType}:${target.contentOwnerId}:${target.contentId}`;
}

/** Sends one `view` row when `target` is known (and again when it changes); null sends nothing. */
export function useTrackView(target: TTrackTarget | null): void {
  const key = keyOf(target);
  const sent = useRef<string | null>(null);
  const latest = useRef(target);
  latest.current = target;
  useEffect(() => {
    if (!key || sent.current === key || !latest.current) return;
    sent.current = key;
    trackView(latest.current);
  }, [key]);
}

/** Props of {@link TrackedViewer}. */
export interface TrackedViewerProps {
  /** What the viewer shows; null while unknown (nothing is recorded). */
  target: TTrackTarget | null;
  /** Also send the `view` row of `target` (true unless the page sends it itself). */
  countsView?: boolean;
  children: ReactNode;
}

/** Wraps a viewer: its view, experience, annotation opens and motion steps go to the owner's report. */
export function TrackedViewer({ target, countsView = true, children }: TrackedViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const key = keyOf(target);
  const latest = useRef(target);
  latest.current = target;
  useTrackView(countsView ? target : null);
  useEffect(() => {
    const element = host.current;
    const current = latest.current;
    if (!element || !key || !current) return;
    return watchViewer(element, current);
  }, [key]);
  return (
    <div ref={host} style={{ display: "contents" }} data-testid="tracked-viewer">
      {children}
    </div>
  );
}
