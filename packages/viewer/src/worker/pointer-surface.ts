/**
 * What the orbit controls take for their element inside the worker, which has no DOM: it holds
 * the view's size and place, and replays the pointer, wheel and key events the page forwards
 * (`forwardInput`). The page captures the pointer on the real canvas, so moves and the release
 * arrive here even outside the view; the controls' listeners on their "document" are this too.
 */
import type { TInputEvent, TViewBox } from "./protocol";

type TListener = (event: unknown) => void;

/** The stand-in element, with `dispatch` for forwarded events. */
export interface TPointerSurface {
  readonly element: HTMLElement;
  setBox(box: TViewBox): void;
  dispatch(event: TInputEvent): void;
}

export function createPointerSurface(): TPointerSurface {
  const listeners = new Map<string, Set<TListener>>();
  let box: TViewBox = { width: 0, height: 0, pixelRatio: 1, left: 0, top: 0 };
  const surface = {
    style: { touchAction: "", cursor: "" },
    get clientWidth() {
      return box.width;
    },
    get clientHeight() {
      return box.height;
    },
    addEventListener(type: string, listener: TListener) {
      const set = listeners.get(type) ?? new Set<TListener>();
      listeners.set(type, set);
      set.add(listener);
    },
    removeEventListener(type: string, listener: TListener) {
      listeners.get(type)?.delete(listener);
    },
    // The page holds the real capture (see `forwardInput`).
    setPointerCapture() {},
    releasePointerCapture() {},
    hasPointerCapture: () => false,
    getBoundingClientRect() {
      const { left, top, width, height } = box;
      return { left, top, width, height, x: left, y: top, right: left + width, bottom: top + height };
    },
    getRootNode() {
      return surface;
    },
    focus() {},
    get ownerDocument() {
      return surface;
    },
  };
  return {
    element: surface as unknown as HTMLElement,
    setBox(next) {
      box = next;
    },
    dispatch(event) {
      const set = listeners.get(event.type);
      if (!set) return;
      const replayed = { ...event, preventDefault() {}, stopPropagation() {} };
      for (const listener of [...set]) listener(replayed);
    },
  };
}
