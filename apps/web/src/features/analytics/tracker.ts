/**
 * The visitor tracker of contents, channels, booths and matching forms (issue 11; SPEC §3 view
 * log). Rows are queued and sent together: at most 50 per beacon (`{rows: [...]}` through the
 * fixed log call), one second after the first row waits, and at once when the tab is hidden or
 * left. No zod here: `/embed` loads this file as an on-demand chunk after its first frame.
 *
 * Leaving cannot wait for the envelope (sealing is asynchronous), so the queue is kept sealed in
 * advance (as page timing does) and what is sealed goes with `sendBeacon` on `pagehide`.
 */
import type { TLogAction, TViewLog } from "@vitrine/contract";
import {
  describeDevice,
  getViewSessionId,
  LOG_CALL_PATH,
  LOG_KEY,
  pageTypeOf,
  type TSealer,
  tabStorage,
} from "../../app/page-timing";

/** Most rows per beacon (contract `LOG_BATCH_MAX`). */
export const TRACK_BATCH_MAX = 50;
/** How long a row waits for others before its beacon goes. */
export const TRACK_FLUSH_MS = 1000;

/** What a row is about. */
export interface TTrackTarget {
  contentType: "product" | "channel" | "booth" | "match";
  contentOwnerId: string;
  contentId: string;
}

/** What the tracker needs from the app or the embed. */
export interface TTrackerDeps {
  getEnvelope: () => Promise<TSealer>;
  getUserId?: () => string | null;
  /** The referrer of a row: the in-app page the visitor came from, else `document.referrer`. */
  getReferrer?: () => string;
  /** Sends a sealed body; `navigator.sendBeacon` by default. */
  send?: (path: string, body: string) => boolean;
}

/** The viewer element's events the tracker listens to (`<vitrine-viewer>`). */
interface TViewerLike extends EventTarget {}

/** A tracker: queue rows, watch a viewer. */
export interface TTracker {
  /** A view of a content, channel, booth or matching form. */
  trackView(target: TTrackTarget): void;
  /** An annotation was opened in a viewer of `target`. */
  annotationOpened(target: TTrackTarget, annotationId: string): void;
  /** A motion step (1-based) was played. */
  motionStepPlayed(target: TTrackTarget, step: number): void;
  /** Starts an experience (a viewer shown); interactions make it count. */
  experienceStart(target: TTrackTarget): void;
  /** Marks that the visitor interacted (rotate, zoom, annotation, motion). */
  experienceInteract(target: TTrackTarget): void;
  /** Ends the experience: one `experience` row with its seconds if there was interaction. */
  experienceEnd(target: TTrackTarget): void;
  /**
   * Watches a `<vitrine-viewer>`: experience start/end, rotate and zoom (pointer drags, wheel),
   * annotation opens and motion steps. Returns the undo (which ends the experience).
   */
  watchViewer(element: TViewerLike, target: TTrackTarget): () => void;
  /** Sends what waits now (asynchronously). */
  flush(): Promise<void>;
  /** Listens for the page going away; returns the undo. Called once per page. */
  install(target?: Window): () => void;
}

function keyOf(target: TTrackTarget): string {
  return `${target.contentType}:${target.contentId}`;
}

/** Creates a tracker. */
export function createTracker(deps: TTrackerDeps): TTracker {
  const storage = tabStorage();
  const send = deps.send ?? ((path: string, body: string) => navigator.sendBeacon(path, body));
  let queue: TViewLog[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The queue sealed in advance: its first `count` rows. */
  let sealed: { count: number; body: string; rows: TViewLog[] } | null = null;
  const experiences = new Map<string, { target: TTrackTarget; startedAt: number; interacted: boolean }>();

  const row = (target: TTrackTarget, action: TLogAction, extra: Partial<TViewLog> = {}): TViewLog => {
    const path = (location.pathname + location.search).slice(0, 2048) || "/";
    return {
      key: LOG_KEY,
      visit_userId: (deps.getUserId?.() ?? "").slice(0, 80),
      contentOwnerId: target.contentOwnerId.slice(0, 80),
      sessionId: getViewSessionId(storage),
      contentId: target.contentId.slice(0, 80),
      pageType: pageTypeOf(location.pathname),
      contentType: target.contentType,
      action,
      path,
      metadata: describeDevice(navigator.userAgent, window.innerWidth, navigator.maxTouchPoints),
      referrer: (deps.getReferrer?.() ?? document.referrer).slice(0, 2048),
      detail: "",
      ...extra,
    };
  };

  const seal = async (rows: TViewLog[]) =>
    JSON.stringify(await (await deps.getEnvelope()).wrap(rows.length === 1 ? rows[0] : { rows }));

  /** Keeps the head of the queue sealed, so leaving needs no asynchronous step. */
  const sealAhead = () => {
    const rows = queue.slice(0, TRACK_BATCH_MAX);
    if (rows.length === 0) {
      sealed = null;
      return;
    }
    void seal(rows)
      .then((body) => {
        // Still the head of the queue?
        if (rows.every((r, i) => queue[i] === r)) sealed = { count: rows.length, body, rows };
      })
      .catch(() => undefined);
  };

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const rows = queue.slice(0, TRACK_BATCH_MAX);
      queue = queue.slice(rows.length);
      sealed = null;
      try {
        send(LOG_CALL_PATH, await seal(rows));
      } catch {
        // A row that cannot be sealed is dropped: analytics never gets in the visitor's way.
      }
    }
  };

  const push = (log: TViewLog) => {
    queue.push(log);
    if (queue.length >= TRACK_BATCH_MAX) void flush();
    else {
      timer ??= setTimeout(() => void flush(), TRACK_FLUSH_MS);
      sealAhead();
    }
  };

  /** The page is going: end experiences, send what is sealed now. */
  const leave = () => {
    for (const key of [...experiences.keys()]) {
      const experience = experiences.get(key);
      if (experience) tracker.experienceEnd(experience.target);
    }
    const ready = sealed;
    if (ready?.rows.every((r, i) => queue[i] === r)) {
      queue = queue.slice(ready.count);
      sealed = null;
      send(LOG_CALL_PATH, ready.body);
    }
    // Rows not sealed yet get their chance while the page still runs (a hidden tab, bfcache).
    if (queue.length > 0) void flush();
  };

  const tracker: TTracker = {
    trackView: (target) => push(row(target, "view")),
    annotationOpened(target, annotationId) {
      tracker.experienceInteract(target);
      push(row(target, "annotation_open", { detail: annotationId.slice(0, 120) }));
    },
    motionStepPlayed(target, step) {
      tracker.experienceInteract(target);
      push(row(target, "motion_step", { detail: String(step) }));
    },
    experienceStart(target) {
      if (!experiences.has(keyOf(target)))
        experiences.set(keyOf(target), { target, startedAt: Date.now(), interacted: false });
    },
    experienceInteract(target) {
      const experience = experiences.get(keyOf(target));
      if (experience) experience.interacted = true;
    },
    experienceEnd(target) {
      const experience = experiences.get(keyOf(target));
      experiences.delete(keyOf(target));
      if (!experience?.interacted) return;
      const seconds = Math.min(
        86_400 * 7,
        Math.max(0, Math.round((Date.now() - experience.startedAt) / 1000)),
      );
      push(row(target, "experience", { duration: seconds }));
    },
    watchViewer(element, target) {
      tracker.experienceStart(target);
      let down: { x: number; y: number } | null = null;
      let lastStep = -1;
      const onDown = (event: Event) => {
        const e = event as PointerEvent;
        down = { x: e.clientX, y: e.clientY };
      };
      const onMove = (event: Event) => {
        const e = event as PointerEvent;
        // A drag of a few pixels on the model rotates it.
        if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) > 6) {
          down = null;
          tracker.experienceInteract(target);
        }
      };
      const onUp = () => {
        down = null;
      };
      const onWheel = () => tracker.experienceInteract(target);
      const onAnnotation = (event: Event) => {
        const id = (event as CustomEvent<{ id: string | null }>).detail?.id;
        if (id) tracker.annotationOpened(target, id);
      };
      const onMotion = (event: Event) => {
        const detail = (event as CustomEvent<{ state: string; step: number }>).detail;
        if (!detail) return;
        if (detail.state === "stopped") lastStep = -1;
        else if (detail.state === "playing" && detail.step !== lastStep) {
          lastStep = detail.step;
          tracker.motionStepPlayed(target, detail.step + 1);
        }
      };
      const listeners: [string, (event: Event) => void][] = [
        ["pointerdown", onDown],
        ["pointermove", onMove],
        ["pointerup", onUp],
        ["wheel", onWheel],
        ["vt-annotation", onAnnotation],
        ["vt-motion", onMotion],
      ];
      for (const [type, listener] of listeners) element.addEventListener(type, listener, { passive: true });
      return () => {
        for (const [type, listener] of listeners) element.removeEventListener(type, listener);
        tracker.experienceEnd(target);
      };
    },
    flush,
    install(target = window) {
      const onHidden = () => {
        if (target.document.visibilityState === "hidden") leave();
      };
      target.addEventListener("pagehide", leave);
      target.document.addEventListener("visibilitychange", onHidden);
      return () => {
        target.removeEventListener("pagehide", leave);
        target.document.removeEventListener("visibilitychange", onHidden);
      };
    },
  };
  return tracker;
}
