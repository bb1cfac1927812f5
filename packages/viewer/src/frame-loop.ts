/**
 * Frames on demand: `invalidate` asks the host for one frame; a frame whose work is not done
 * (a camera flight, a playing clip) asks for the next. The first frame after a rest steps as if
 * a sixtieth of a second had passed, so nothing jumps by the time spent idle.
 */
import type { TEngineHost } from "./engine-types";

/** The loop: ask for a frame, or stop for good. */
export interface TFrameLoop {
  invalidate(): void;
  stop(): void;
}

/** Runs `frame(now, delta)` on the host's frames; `frame` answers whether it wants another. */
export function createFrameLoop(
  host: Pick<TEngineHost, "requestFrame" | "cancelFrame">,
  frame: (now: number, delta: number) => boolean,
): TFrameLoop {
  let frameId = 0;
  let wasIdle = true;
  let lastTime = 0;
  let isStopped = false;

  const invalidate = () => {
    if (isStopped || frameId !== 0) return;
    frameId = host.requestFrame(tick);
  };

  function tick(now: number) {
    frameId = 0;
    const delta = wasIdle ? 1 / 60 : Math.min((now - lastTime) / 1000, 0.25);
    lastTime = now;
    if (frame(now, delta)) invalidate();
    wasIdle = frameId === 0;
  }

  return {
    invalidate,
    stop() {
      isStopped = true;
      if (frameId) host.cancelFrame(frameId);
      frameId = 0;
    },
  };
}
