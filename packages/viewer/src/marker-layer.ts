/**
 * The page's half of the annotation markers (the tracker, `markers.ts`, is the engine's): numbered
 * buttons in an overlay at the spots of the last drawn frame, hidden (`is-hidden`) when
 * off-screen, under the host's controls, facing away, or behind the model. The open (active) one
 * stays shown when facing away or behind the model (`is-behind`, dimmed), so the visitor sees
 * where the camera is taking them. No three.js here: the page loads it without the engine.
 */
import type { TAnnotation } from "@vitrine/contract";
import type { TMarkerSpot } from "./markers";
import type { TRect } from "./types";

/** The marker overlay in the page. */
export interface TMarkerLayer {
  readonly element: HTMLElement;
  set(annotations: readonly TAnnotation[]): void;
  setActive(id: string | null): void;
  /** Areas the host draws over (toolbar, cards): markers whose disc would touch one are hidden. */
  setCovered(rects: readonly TRect[]): void;
  /** Moves the markers to the spots of a drawn frame (spots of unknown markers are ignored). */
  place(spots: readonly TMarkerSpot[]): void;
  /** Whether an annotation of this id has a marker. */
  has(id: string): boolean;
  onClick(listener: (id: string) => void): () => void;
  dispose(): void;
}

/** Makes the overlay inside `container`. */
export function createMarkerLayer(container: HTMLElement): TMarkerLayer {
  const doc = container.ownerDocument;
  const element = doc.createElement("div");
  element.className = "vt-overlay";
  container.append(element);
  const listeners = new Set<(id: string) => void>();
  let buttons = new Map<string, HTMLButtonElement>();
  let activeId: string | null = null;
  let lastSpots: readonly TMarkerSpot[] = [];
  let covered: readonly TRect[] = [];
  /** Half a marker's size plus a little air. */
  const reach = 16;
  const isCovered = (x: number, y: number) =>
    covered.some(
      (r) => x > r.left - reach && x < r.right + reach && y > r.top - reach && y < r.bottom + reach,
    );

  const handleClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(".vt-marker") : null;
    const id = target instanceof HTMLElement ? target.dataset.annotationId : undefined;
    if (!id) return;
    event.stopPropagation();
    for (const listener of listeners) listener(id);
  };
  element.addEventListener("click", handleClick);

  const place = (spots: readonly TMarkerSpot[]) => {
    lastSpots = spots;
    for (const spot of spots) {
      const button = buttons.get(spot.id);
      if (!button) continue;
      const isActive = spot.id === activeId;
      const isVisible = spot.isInView && !isCovered(spot.x, spot.y) && (spot.isSeen || isActive);
      button.style.transform = `translate(${spot.x.toFixed(1)}px, ${spot.y.toFixed(1)}px)`;
      button.classList.toggle("is-hidden", !isVisible);
      button.classList.toggle("is-behind", isVisible && !spot.isSeen);
      button.tabIndex = isVisible ? 0 : -1;
      button.setAttribute("aria-hidden", String(!isVisible));
    }
  };

  return {
    element,
    set(annotations) {
      for (const button of buttons.values()) button.remove();
      buttons = new Map(
        annotations.map((annotation) => {
          const button = doc.createElement("button");
          button.type = "button";
          button.className = "vt-marker is-hidden";
          button.textContent = String(annotation.marker.number);
          button.dataset.annotationId = annotation.annotation_id;
          // The name starts with the visible number, so "click 1" by voice finds the marker.
          button.setAttribute("aria-label", `${annotation.marker.number}. ${annotation.title}`);
          button.classList.toggle("is-active", annotation.annotation_id === activeId);
          element.append(button);
          return [annotation.annotation_id, button] as const;
        }),
      );
      place(lastSpots);
    },
    setActive(id) {
      activeId = id;
      for (const [buttonId, button] of buttons) button.classList.toggle("is-active", buttonId === id);
      // Shown at once, before the camera starts toward it.
      place(lastSpots);
    },
    setCovered(rects) {
      covered = rects.map((r) => ({ ...r }));
      place(lastSpots);
    },
    place,
    has: (id) => buttons.has(id),
    onClick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      element.removeEventListener("click", handleClick);
      listeners.clear();
      element.remove();
      buttons.clear();
      lastSpots = [];
    },
  };
}
