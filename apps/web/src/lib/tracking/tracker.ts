/**
 * The visitor tracker of contents, channels, booths and matching forms (issue 11; SPEC §3 view
 * log). Rows are queued and sent together: at most 50 per beacon (`{rows: [...]}` through the
 * fixed log call), one second after the first row waits, and at once when the tab is hidden or
 * left. No zod here: `/embed` loads this file (its `track` chunk) once a link has resolved.
 *
 * Leaving cannot wait for the envelope (sealing is asynchronous), so the queue and the experiences
 * under way are kept sealed in advance (as page timing does), and what is sealed goes on
 * `pagehide` through the page-timing relay (or a beacon where no relay runs).
 */
import type { TLogAction, TViewLog } from "@vitrine/contract";
import {
  describeDevice,
  getViewSessionId,
  LOG_CALL_PATH,
  LOG_KEY,
  pageTypeOf,
  relaySendNow,
  type TSealer,
  tabStorage,
} from "./view-log";

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
  /**
   * Sends a sealed body as the page goes away. By default through the page-timing relay (the
   * service worker controlling the page: it posts to the log call, which is all it does), since
   * a beacon of a page being unloaded was seen lost in Chromium; else as `send` does.
   */
  sendOnLeave?: (path: string, body: string) => boolean;
}

/** Hands a sealed body to the page-timing relay to send now; false where no relay controls the page. */
function relayNow(body: string): boolean {
  const worker = typeof navigator !== "undefined" ? navigator.serviceWorker?.controller : null;
  if (!worker) return false;
  relaySendNow(worker, body);
  return true;
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

/**
 * A row of the view log about `target`: the page, the visitor's session, device and referrer as
 * they are now; `extra` adds what the action has of its own (a detail, a duration).
 */
function rowOf(
  deps: TTrackerDeps,
  storage: Pick<Storage, "getItem" | "setItem">,
  target: TTrackTarget,
  action: TLogAction,
  extra: Partial<TViewLog> = {},
): TViewLog {
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
}

/** Creates a tracker. */
export function createTracker(deps: TTrackerDeps): TTracker {
  const storage = tabStorage();
  const send = deps.send ?? ((path: string, body: string) => navigator.sendBeacon(path, body));
  const sendOnLeave =
    deps.sendOnLeave ?? ((path: string, body: string) => relayNow(body) || send(path, body));
  let queue: TViewLog[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /**
   * What leaving would send, sealed in advance: the head of the queue (its first `count` rows)
   * and the `experience` rows of the experiences under way (`ended`), as they stand now.
   */
  let sealed: { count: number; body: string; rows: TViewLog[]; ended: string[] } | null = null;
  const experiences = new Map<string, { target: TTrackTarget; startedAt: number; interacted: boolean }>();
  /** The viewers watched now, with what they show. */
  const watched = new Map<TViewerLike, TTrackTarget>();
  /** Renews the sealed rows every second while an experience with interaction is under way. */
  let renewal: ReturnType<typeof setInterval> | undefined;

  /** The `experience` row of an experience ending now, or null when it had no interaction. */
  const experienceRow = (key: string): TViewLog | null => {
    const experience = experiences.get(key);
    if (!experience?.interacted) return null;
    const seconds = Math.min(86_400 * 7, Math.max(0, Math.round((Date.now() - experience.startedAt) / 1000)));
    return rowOf(deps, storage, experience.target, "experience", { duration: seconds });
  };

  const seal = async (rows: TViewLog[]) =>
    JSON.stringify(await (await deps.getEnvelope()).wrap(rows.length === 1 ? rows[0] : { rows }));

  /** Keeps what leaving would send sealed, so leaving needs no asynchronous step. */
  const sealAhead = () => {
    const ended = [...experiences.keys()].filter((key) => experiences.get(key)?.interacted);
    const ends = ended.flatMap((key) => experienceRow(key) ?? []);
    const head = queue.slice(0, TRACK_BATCH_MAX - ends.length);
    if (head.length + ends.length === 0) {
      sealed = null;
      return;
    }
    void seal([...head, ...ends])
      .then((body) => {
        // Still the head of the queue?
        if (head.every((r, i) => queue[i] === r)) sealed = { count: head.length, body, rows: head, ended };
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
    if (experiences.size > 0) sealAhead();
  };

  const push = (log: TViewLog) => {
    queue.push(log);
    if (queue.length >= TRACK_BATCH_MAX) void flush();
    else {
      timer ??= setTimeout(() => void flush(), TRACK_FLUSH_MS);
      sealAhead();
    }
  };

  /**
   * The page is going (closed, left, hidden): what is sealed goes now, with the experiences it
   * holds, which end there. Rows not sealed yet get their chance while the page still runs
   * (a hidden tab, the back/forward cache).
   */
  const leave = () => {
    const ready = sealed;
    if (ready?.rows.every((r, i) => queue[i] === r)) {
      queue = queue.slice(ready.count);
      sealed = null;
      for (const key of ready.ended) experiences.delete(key);
      sendOnLeave(LOG_CALL_PATH, ready.body);
    }
    for (const experience of [...experiences.values()]) tracker.experienceEnd(experience.target);
    if (queue.length > 0) void flush();
  };

  /** Starts or stops the renewal of the sealed rows as experiences with interaction come and go. */
  const renew = () => {
    const isNeeded = [...experiences.values()].some((experience) => experience.interacted);
    if (isNeeded && renewal === undefined) renewal = setInterval(sealAhead, 1000);
    if (!isNeeded && renewal !== undefined) {
      clearInterval(renewal);
      renewal = undefined;
    }
  };

  const tracker: TTracker = {
    trackView: (target) => push(rowOf(deps, storage, target, "view")),
    annotationOpened(target, annotationId) {
      tracker.experienceInteract(target);
      push(rowOf(deps, storage, target, "annotation_open", { detail: annotationId.slice(0, 120) }));
    },
    motionStepPlayed(target, step) {
      tracker.experienceInteract(target);
      push(rowOf(deps, storage, target, "motion_step", { detail: String(step) }));
    },
    experienceStart(target) {
      if (!experiences.has(keyOf(target)))
        experiences.set(keyOf(target), { target, startedAt: Date.now(), interacted: false });
    },
    experienceInteract(target) {
      const experience = experiences.get(keyOf(target));
      if (!experience || experience.interacted) return;
      experience.interacted = true;
      renew();
      sealAhead();
    },
    experienceEnd(target) {
      const ended = experienceRow(keyOf(target));
      experiences.delete(keyOf(target));
      renew();
      if (ended) push(ended);
      else sealAhead();
    },
    watchViewer(element, target) {
      watched.set(element, target);
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
        watched.delete(element);
        tracker.experienceEnd(target);
      };
    },
    flush,
    install(target = window) {
      const onHidden = () => {
        if (target.document.visibilityState === "hidden") leave();
        // Back in view: the viewers still shown start new experiences.
        else for (const watchedTarget of watched.values()) tracker.experienceStart(watchedTarget);
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
