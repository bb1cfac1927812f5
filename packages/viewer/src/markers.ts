/**
 * Annotation markers: numbered buttons in an overlay, moved every frame to their projected
 * position and hidden (`is-hidden`) when off-screen, under the host's controls, facing away, or
 * behind the model. The open (active) one stays shown when facing away or behind the model
 * (`is-behind`, dimmed), so the visitor sees where the camera is taking them.
 */
import type { TAnnotation, TVec3 } from "@vitrine/contract";
import type { Camera } from "three";
import { isFacingCamera, projectToScreen } from "./projection";
import type { TRect } from "./types";

/** What the layer needs from the engine for one update. */
export interface TMarkerFrame {
  camera: Camera;
  cameraPosition: TVec3;
  width: number;
  height: number;
  /** True when something of the model lies between the camera and the point. */
  isOccluded: (point: TVec3) => boolean;
}

/** The marker overlay. */
export interface TMarkerLayer {
  readonly element: HTMLElement;
  set(annotations: readonly TAnnotation[]): void;
  setActive(id: string | null): void;
  /** Areas the host draws over (toolbar, cards): markers whose disc would touch one are hidden. */
  setCovered(rects: readonly TRect[]): void;
  /** Moves markers for a rendered frame; occlusion is re-tested at most every `occlusionMs`. */
  update(frame: TMarkerFrame): void;
  find(id: string): TAnnotation | undefined;
  onClick(listener: (id: string) => void): () => void;
  dispose(): void;
}

interface TMarker {
  annotation: TAnnotation;
  point: TVec3;
  button: HTMLButtonElement;
  isOccluded: boolean;
}

/** Makes the overlay inside `container`. */
export function createMarkerLayer(container: HTMLElement, occlusionMs = 120): TMarkerLayer {
  const doc = container.ownerDocument;
  const element = doc.createElement("div");
  element.className = "vt-overlay";
  container.append(element);
  const listeners = new Set<(id: string) => void>();
  let markers: TMarker[] = [];
  let activeId: string | null = null;
  let lastOcclusion = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let lastFrame: TMarkerFrame | null = null;
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

  const testOcclusion = (frame: TMarkerFrame) => {
    lastOcclusion = performance.now();
    for (const marker of markers) marker.isOccluded = frame.isOccluded(marker.point);
  };

  const place = (frame: TMarkerFrame) => {
    for (const marker of markers) {
      const screen = projectToScreen(marker.point, frame.camera, frame.width, frame.height);
      const isSeen =
        !marker.isOccluded && isFacingCamera(marker.point, marker.annotation.normal, frame.cameraPosition);
      const isActive = marker.annotation.annotation_id === activeId;
      const isVisible = screen.isInView && !isCovered(screen.x, screen.y) && (isSeen || isActive);
      marker.button.style.transform = `translate(${screen.x.toFixed(1)}px, ${screen.y.toFixed(1)}px)`;
      marker.button.classList.toggle("is-hidden", !isVisible);
      marker.button.classList.toggle("is-behind", isVisible && !isSeen);
      marker.button.tabIndex = isVisible ? 0 : -1;
      marker.button.setAttribute("aria-hidden", String(!isVisible));
    }
  };

  return {
    element,
    set(annotations) {
      for (const marker of markers) marker.button.remove();
      markers = annotations.map((annotation) => {
        const button = doc.createElement("button");
        button.type = "button";
        button.className = "vt-marker is-hidden";
        button.textContent = String(annotation.marker.number);
        button.dataset.annotationId = annotation.annotation_id;
        // The name starts with the visible number, so "click 1" by voice finds the marker.
        button.setAttribute("aria-label", `${annotation.marker.number}. ${annotation.title}`);
        button.classList.toggle("is-active", annotation.annotation_id === activeId);
        element.append(button);
        const { posx, posy, posz } = annotation.marker;
        return { annotation, point: [posx, posy, posz], button, isOccluded: false };
      });
      lastOcclusion = Number.NEGATIVE_INFINITY;
      if (lastFrame) this.update(lastFrame);
    },
    setActive(id) {
      activeId = id;
      for (const marker of markers) {
        marker.button.classList.toggle("is-active", marker.annotation.annotation_id === id);
      }
      // Shown at once, before the camera starts toward it.
      if (lastFrame) place(lastFrame);
    },
    setCovered(rects) {
      covered = rects.map((r) => ({ ...r }));
      if (lastFrame) place(lastFrame);
    },
    update(frame) {
      lastFrame = frame;
      const since = performance.now() - lastOcclusion;
      if (since >= occlusionMs) {
        testOcclusion(frame);
      } else if (!pending) {
        // The camera may stop before the next test is due: test once more when it is.
        pending = setTimeout(() => {
          pending = null;
          if (!lastFrame) return;
          testOcclusion(lastFrame);
          place(lastFrame);
        }, occlusionMs - since);
      }
      place(frame);
    },
    find(id) {
      return markers.find((marker) => marker.annotation.annotation_id === id)?.annotation;
    },
    onClick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (pending) clearTimeout(pending);
      element.removeEventListener("click", handleClick);
      listeners.clear();
      element.remove();
      markers = [];
      lastFrame = null;
    },
  };
}
