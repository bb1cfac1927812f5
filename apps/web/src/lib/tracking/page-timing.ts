/**
 * Page timing (SPEC §4): `view_start` when a page is entered (load by navigation or back/forward,
 * not reload; and every in-app route change), `view_end` with the seconds spent and the current
 * path when it is left (not by reload). Share pages and the embed add the content and its owner.
 *
 * Why it is built this way (issue 9, item 19):
 * - The envelope seals rows asynchronously, and nothing asynchronous finishes once a page is going
 *   away. So the `view_end` of the current view is kept sealed in advance (renewed every second
 *   and when the tab is hidden) and sent synchronously on `pagehide` with `sendBeacon` (a string
 *   body: `text/plain`, which the log call accepts).
 * - A page cannot tell, when it goes away, whether it is being reloaded, closed or left. So the
 *   sealed row is handed to a tiny service worker (`/page-timing-relay.js`) that holds it for a
 *   few seconds; a reload of the page asks it to drop the row and carries the view on, anything
 *   else lets it go. Where no service worker can run, the row is sent at once (a reload then
 *   ends the view, as before).
 *
 * No zod here: `/embed` uses this file too (its budget has no room for the schemas).
 */
import type { TViewLog } from "@vitrine/contract";
import {
  buildViewLog,
  currentNavigationType,
  describeDevice,
  elapsedSeconds,
  getViewSessionId,
  isCountedLoad,
  LOG_CALL_PATH,
  PENDING_KEY,
  type TPageContent,
  type TSealer,
  type TViewLogInput,
  tabStorage,
} from "./view-log";

/** What the tracker needs from the app or the embed. */
export interface TPageTimingDeps {
  getEnvelope: () => Promise<TSealer>;
  getUserId: () => string | null;
  /** The relay service worker's URL; null sends every row at once (tests, no service worker). */
  relayUrl?: string | null;
}

/** A view handed to the relay, kept in session storage for the next page of the tab. */
interface TPending {
  id: string;
  path: string;
  enteredAt: number;
  content: TPageContent | null;
}

function readPending(storage: TTabStorage): TPending | null {
  try {
    const value = JSON.parse(storage.getItem(PENDING_KEY) ?? "null") as TPending | null;
    storage.removeItem(PENDING_KEY);
    // Written by this file in this tab: an id is all that must be checked.
    return value?.id ? value : null;
  } catch {
    return null;
  }
}

type TTabStorage = ReturnType<typeof tabStorage>;

/** How long a content page waits for its content before starting the view without it. */
const CONTENT_WAIT_MS = 3000;

/** The page-timing tracker: `enter(path)` on every route, `setContent` on content pages, `install()` once. */
export function createPageTiming(deps: TPageTimingDeps) {
  let current: {
    id: string;
    path: string;
    enteredAt: number;
    content: TPageContent | null;
    isStarted: boolean;
    sealed: string | null;
  } | null = null;
  let isFirst = true;
  /** The in-app path the visitor came from (null on the first page of the document). */
  let cameFrom: string | null = null;
  let relay: ServiceWorker | null = null;
  const storage = tabStorage();
  let startTimer: ReturnType<typeof setTimeout> | undefined;

  const row = (
    action: TViewLogInput["action"],
    path: string,
    content: TPageContent | null,
    duration?: number,
  ) =>
    buildViewLog({
      action,
      sessionId: getViewSessionId(storage),
      path,
      metadata: describeDevice(navigator.userAgent, window.innerWidth, navigator.maxTouchPoints),
      referrer: document.referrer,
      userId: deps.getUserId(),
      duration,
      content,
    });

  const seal = async (log: TViewLog) => JSON.stringify(await (await deps.getEnvelope()).wrap(log));

  /** Sends a sealed row now, as a beacon (a string body goes as `text/plain`). */
  const beacon = (body: string) => navigator.sendBeacon(LOG_CALL_PATH, body);
  const send = (log: TViewLog) => {
    void seal(log)
      .then(beacon)
      .catch(() => undefined);
  };

  /** Keeps the current view's `view_end` sealed, so leaving needs no asynchronous step. */
  const reseal = () => {
    const view = current;
    if (!view?.isStarted) return;
    const log = row("view_end", view.path, view.content, elapsedSeconds(view.enteredAt, Date.now()));
    void seal(log)
      .then((body) => {
        if (current === view) view.sealed = body;
      })
      .catch(() => undefined);
  };

  const start = () => {
    clearTimeout(startTimer);
    if (!current || current.isStarted) return;
    const view = current;
    view.isStarted = true;
    // The view_end is sealed before the view_start goes: a page busy drawing its first frame
    // may be closed before a later seal would finish, and a started view must be able to end.
    void Promise.all([
      seal(row("view_start", view.path, view.content)),
      seal(row("view_end", view.path, view.content, 0)),
    ])
      .then(([startBody, endBody]) => {
        view.sealed ??= endBody;
        beacon(startBody);
      })
      .catch(() => undefined);
  };

  /** Ends the view in the page (route change): the row can be sealed at leisure. */
  const endNow = () => {
    const view = current;
    current = null;
    clearTimeout(startTimer);
    if (!view) return;
    if (!view.isStarted) send(row("view_start", view.path, view.content));
    send(row("view_end", view.path, view.content, elapsedSeconds(view.enteredAt, Date.now())));
  };

  /** The page is going away: only synchronous steps run now. */
  const endOnUnload = () => {
    const view = current;
    current = null;
    clearTimeout(startTimer);
    if (!view?.isStarted || !view.sealed) return;
    if (relay) {
      relay.postMessage({ type: "h", id: view.id, body: view.sealed });
      const pending: TPending = {
        id: view.id,
        path: view.path,
        enteredAt: view.enteredAt,
        content: view.content,
      };
      storage.setItem(PENDING_KEY, JSON.stringify(pending));
      return;
    }
    beacon(view.sealed);
  };

  const tracker = {
    /**
     * A route was entered. The first one of a document counts only for navigation or
     * back/forward loads; a reload carries on the view the page had before. A content page
     * (`awaitsContent`) starts its view once `setContent` names the content.
     */
    enter(path: string, options: { awaitsContent?: boolean } = {}) {
      if (current?.path === path) return;
      if (isFirst) {
        isFirst = false;
        const pending = readPending(storage);
        const type = currentNavigationType();
        if (pending && type === "reload" && pending.path === path) {
          // Same view, reloaded: the relay drops the row it holds; no new view_start.
          void relayed().then((worker) => worker?.postMessage({ type: "d", id: pending.id }));
          current = { ...pending, isStarted: true, sealed: null };
          reseal();
          return;
        }
        if (pending) void relayed().then((worker) => worker?.postMessage({ type: "r", id: pending.id }));
        if (!isCountedLoad(type)) return;
      } else {
        if (current) cameFrom = current.path;
        endNow();
      }
      current = {
        id: crypto.randomUUID(),
        path,
        enteredAt: Date.now(),
        content: null,
        isStarted: false,
        sealed: null,
      };
      if (options.awaitsContent) startTimer = setTimeout(start, CONTENT_WAIT_MS);
      else start();
    },
    /** The in-app path of the page before this one, null on the document's first page. */
    previousPath(): string | null {
      return cameFrom;
    },
    /** Names the content of the current page (share page, embed); starts a waiting view. */
    setContent(content: TPageContent) {
      if (!current) return;
      current.content = content;
      if (current.isStarted) reseal();
      else start();
    },
    /** Listens for the page going away and keeps the sealed row fresh. Returns the undo. */
    install(target: Window = window): () => void {
      // Also when the page goes into the back/forward cache: if it comes back, `pageshow` re-enters.
      const handleHide = () => endOnUnload();
      const handleShow = (event: PageTransitionEvent) => {
        if (!event.persisted) return;
        // Back from the cache: the view handed over on leaving stays ended; this is a new one.
        storage.removeItem(PENDING_KEY);
        tracker.enter(target.location.pathname);
      };
      // Renewed every second, and at once when the tab is hidden (closing a tab hides it first).
      const timer = target.setInterval(reseal, 1000);
      target.addEventListener("pagehide", handleHide);
      target.addEventListener("pageshow", handleShow);
      // A page with no unload-time listener may be closed without `pagehide` (Chrome's fast
      // shutdown); an empty `beforeunload` listener keeps it (and does not block the bfcache).
      target.addEventListener("beforeunload", Object);
      target.document.addEventListener("visibilitychange", reseal);
      if (deps.relayUrl) void relayed(deps.relayUrl);
      return () => {
        target.clearInterval(timer);
        target.removeEventListener("pagehide", handleHide);
        target.removeEventListener("pageshow", handleShow);
        target.removeEventListener("beforeunload", Object);
        target.document.removeEventListener("visibilitychange", reseal);
      };
    },
  };

  let relayReady: Promise<ServiceWorker | null> | null = null;
  /** The active relay worker, registered once; null where service workers cannot run. */
  function relayed(url = deps.relayUrl ?? null): Promise<ServiceWorker | null> {
    if (relayReady) return relayReady;
    // No `navigator.serviceWorker` outside secure contexts: then rows go straight out.
    const workers = navigator.serviceWorker;
    if (!url || !workers) return Promise.resolve(null);
    relayReady = workers
      .register(url, { scope: "/" })
      .then(() => workers.ready)
      .then((registration) => {
        relay = registration.active;
        return relay;
      })
      .catch(() => null);
    return relayReady;
  }

  return tracker;
}
