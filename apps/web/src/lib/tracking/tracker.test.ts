import { addOriginLogCall, type TViewLog } from "@vitrine/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTracker, TRACK_BATCH_MAX, type TTrackTarget } from "./tracker";
import { LOG_CALL_PATH } from "./view-log";

const FOX: TTrackTarget = { contentType: "product", contentOwnerId: "user_owner", contentId: "content_fox" };

/** A tracker whose beacons land in `sent` (the envelope left open: the body is the payload). */
function setup() {
  const sent: TViewLog[][] = [];
  const tracker = createTracker({
    getEnvelope: async () => ({ wrap: async (payload: unknown) => payload }),
    send: (path, body) => {
      expect(path).toBe(LOG_CALL_PATH);
      const payload = JSON.parse(body) as TViewLog | { rows: TViewLog[] };
      // Every beacon is what the fixed log call accepts.
      expect(addOriginLogCall.input.safeParse(payload).success, body).toBe(true);
      sent.push("rows" in payload ? payload.rows : [payload]);
      return true;
    },
  });
  const rows = () => sent.flat();
  return { tracker, sent, rows };
}

/** Lets the sealing promises run (the fake envelope resolves at once). */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** The page goes away: `pagehide`, as a closed tab or a left page fires it. */
const leavePage = () => window.dispatchEvent(new Event("pagehide"));

function pointer(type: string, x: number, y: number): Event {
  const event = new Event(type) as Event & { clientX: number; clientY: number };
  Object.assign(event, { clientX: x, clientY: y });
  return event;
}

describe("the visitor tracker", () => {
  const undo: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    for (const step of undo.splice(0)) step();
    vi.useRealTimers();
  });

  it("sends the rows of a second together, as one batch", async () => {
    const { tracker, sent, rows } = setup();
    tracker.trackView(FOX);
    tracker.trackView({ ...FOX, contentType: "channel", contentId: "channel_1" });
    await settle();
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    expect(rows().map((r) => [r.contentType, r.action, r.contentId, r.contentOwnerId])).toEqual([
      ["product", "view", "content_fox", "user_owner"],
      ["channel", "view", "channel_1", "user_owner"],
    ]);
  });

  it(`sends at most ${TRACK_BATCH_MAX} rows per beacon`, async () => {
    const { tracker, sent } = setup();
    for (let i = 0; i < TRACK_BATCH_MAX + 3; i++) tracker.annotationOpened(FOX, `a${i}`);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((batch) => batch.length)).toEqual([TRACK_BATCH_MAX, 3]);
  });

  it("counts an experience only with interaction, with its seconds", async () => {
    const { tracker, rows } = setup();
    const quiet = new EventTarget();
    undo.push(tracker.watchViewer(quiet, FOX));
    await vi.advanceTimersByTimeAsync(5000);
    undo.pop()?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rows()).toEqual([]);

    const viewer = new EventTarget();
    const stop = tracker.watchViewer(viewer, FOX);
    viewer.dispatchEvent(pointer("pointerdown", 10, 10));
    viewer.dispatchEvent(pointer("pointermove", 40, 12));
    await vi.advanceTimersByTimeAsync(7000);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rows().map((r) => [r.action, r.duration])).toEqual([["experience", 7]]);
  });

  it("sends the experience under way when the page is closed, with nothing asynchronous left to run", async () => {
    const { tracker, sent, rows } = setup();
    undo.push(tracker.install());
    const viewer = new EventTarget();
    undo.push(tracker.watchViewer(viewer, FOX));
    tracker.trackView(FOX);
    await vi.advanceTimersByTimeAsync(1000);
    viewer.dispatchEvent(new CustomEvent("vt-annotation", { detail: { id: "ear" } }));
    viewer.dispatchEvent(new CustomEvent("vt-motion", { detail: { state: "playing", step: 0 } }));
    await vi.advanceTimersByTimeAsync(4000);
    const before = sent.length;
    // Leaving sends synchronously what was sealed beforehand.
    leavePage();
    expect(sent.length).toBe(before + 1);
    expect(rows().map((r) => [r.action, r.detail, r.duration])).toEqual([
      ["view", "", undefined],
      ["annotation_open", "ear", undefined],
      ["motion_step", "1", undefined],
      ["experience", "", 5],
    ]);
    // Not twice: the experience ended with the page.
    await vi.advanceTimersByTimeAsync(3000);
    expect(rows().filter((r) => r.action === "experience")).toHaveLength(1);
  });

  it("starts a new experience when a hidden tab comes back", async () => {
    const { tracker, rows } = setup();
    undo.push(tracker.install());
    const viewer = new EventTarget();
    const stop = tracker.watchViewer(viewer, FOX);
    viewer.dispatchEvent(new Event("wheel"));
    await vi.advanceTimersByTimeAsync(3000);
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    viewer.dispatchEvent(new Event("wheel"));
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    visibility.mockRestore();
    expect(rows().map((r) => [r.action, r.duration])).toEqual([
      ["experience", 3],
      ["experience", 2],
    ]);
  });
});
