/**
 * Annotation markers, in two halves so the engine may run off the page's thread: this tracker
 * (beside the renderer) projects each marker for a drawn frame and tests whether it faces the
 * camera and is not behind the model (`TMarkerSpot`); the layer (`marker-layer.ts`, in the page)
 * shows the buttons at those spots.
 */
import type { TAnnotation, TVec3 } from "@vitrine/contract";
import type { Camera } from "three";
import { isFacingCamera, projectToScreen } from "./projection";

/** What the tracker needs from the engine for one update. */
export interface TMarkerFrame {
  camera: Camera;
  cameraPosition: TVec3;
  width: number;
  height: number;
  /** True when something of the model lies between the camera and the point. */
  isOccluded: (point: TVec3) => boolean;
}

/** Where one marker is on a drawn frame, in CSS pixels from the view's top-left corner. */
export interface TMarkerSpot {
  id: string;
  x: number;
  y: number;
  /** Inside the view frustum. */
  isInView: boolean;
  /** Facing the camera and not behind the model. */
  isSeen: boolean;
}

/** Projects the markers of the current annotations for each drawn frame. */
export interface TMarkerTracker {
  set(annotations: readonly TAnnotation[]): void;
  find(id: string): TAnnotation | undefined;
  /** Spots for a drawn frame; occlusion is re-tested at most every `occlusionMs`. */
  update(frame: TMarkerFrame): void;
  dispose(): void;
}

interface TTracked {
  annotation: TAnnotation;
  point: TVec3;
  isOccluded: boolean;
}

/** Makes the tracker; `onSpots` hears every new set of spots. */
export function createMarkerTracker(
  onSpots: (spots: TMarkerSpot[]) => void,
  occlusionMs = 120,
): TMarkerTracker {
  let tracked: TTracked[] = [];
  let lastOcclusion = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let lastFrame: TMarkerFrame | null = null;

  const testOcclusion = (frame: TMarkerFrame) => {
    lastOcclusion = performance.now();
    for (const marker of tracked) marker.isOccluded = frame.isOccluded(marker.point);
  };

  const spotsOf = (frame: TMarkerFrame): TMarkerSpot[] =>
    tracked.map((marker) => {
      const screen = projectToScreen(marker.point, frame.camera, frame.width, frame.height);
      return {
        id: marker.annotation.annotation_id,
        x: screen.x,
        y: screen.y,
        isInView: screen.isInView,
        isSeen:
          !marker.isOccluded && isFacingCamera(marker.point, marker.annotation.normal, frame.cameraPosition),
      };
    });

  return {
    set(annotations) {
      tracked = annotations.map((annotation) => {
        const { posx, posy, posz } = annotation.marker;
        return { annotation, point: [posx, posy, posz], isOccluded: false };
      });
      lastOcclusion = Number.NEGATIVE_INFINITY;
    },
    find(id) {
      return tracked.find((marker) => marker.annotation.annotation_id === id)?.annotation;
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
          onSpots(spotsOf(lastFrame));
        }, occlusionMs - since);
      }
      onSpots(spotsOf(frame));
    },
    dispose() {
      if (pending) clearTimeout(pending);
      pending = null;
      tracked = [];
      lastFrame = null;
    },
  };
}
