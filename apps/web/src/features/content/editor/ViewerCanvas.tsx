import { Center, Loader, Progress, Stack, Text } from "@mantine/core";
import type { TBuild } from "@vitrine/contract";
import { createViewer, type TModelFacts, type TViewer } from "@vitrine/viewer";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  dragHistoryKey,
  endMarkerDrag,
  moveMarkerDrag,
  startMarkerDrag,
  type TMarkerDrag,
  type TSurfaceHit,
} from "../lib/marker-drag";
import classes from "./editor.module.css";

/** Props of {@link ViewerCanvas}. */
export interface ViewerCanvasProps {
  /** The processed model's URL. */
  modelUrl: string;
  /** Build data; each part is applied to the engine when it changes. */
  build: TBuild;
  /** Accessible name of the view. */
  label: string;
  /** Called once the model is shown, with the engine and what it found in the model. */
  onReady?: (viewer: TViewer, facts: TModelFacts) => void;
  /** A click on the view that was not a drag (the camera did not move). */
  onSurfaceClick?: (clientX: number, clientY: number) => void;
  /** A click on a numbered marker. */
  onAnnotationClick?: (id: string) => void;
  /**
   * Makes markers draggable over the model: called for each new surface point under the pointer
   * while a marker is dragged; `key` is the same for every move of one drag (one undo step).
   */
  onMarkerMove?: (id: string, hit: TSurfaceHit, key: string) => void;
  /** A marker drag ended (after at least one move). */
  onMarkerDragEnd?: (id: string) => void;
  /** The marker shown as open. */
  activeAnnotationId?: string | null;
  /** Crosshair cursor: the next click places something. */
  isPlacing?: boolean;
  /** Overlay content (hints, buttons) drawn above the canvas. */
  children?: ReactNode;
}

/** Pointer travel (px) beyond which a press is a drag of the camera, not a click. */
const CLICK_SLOP = 6;

type TLoadState = { kind: "loading"; fraction: number | null } | { kind: "ready" } | { kind: "failed" };

/**
 * The engine in a React element. React creates and disposes it and hands it build data; every
 * frame (camera, markers, motion) stays inside the engine, so nothing here re-renders per frame.
 */
export function ViewerCanvas({
  modelUrl,
  build,
  label,
  onReady,
  onSurfaceClick,
  onAnnotationClick,
  onMarkerMove,
  onMarkerDragEnd,
  activeAnnotationId = null,
  isPlacing = false,
  children,
}: ViewerCanvasProps) {
  const { t } = useTranslation("content");
  const host = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<TViewer | null>(null);
  const [state, setState] = useState<TLoadState>({ kind: "loading", fraction: null });
  const [isDragging, setIsDragging] = useState(false);
  const latest = useRef({ build, onReady, onSurfaceClick, onAnnotationClick, onMarkerMove, onMarkerDragEnd });
  latest.current = { build, onReady, onSurfaceClick, onAnnotationClick, onMarkerMove, onMarkerDragEnd };

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const viewer = createViewer(container, { background: latest.current.build.sceneinfo.background.color });
    viewerRef.current = viewer;
    viewer.applyBuild(latest.current.build);
    const offClick = viewer.onAnnotationClick((id) => latest.current.onAnnotationClick?.(id));
    setState({ kind: "loading", fraction: null });
    let isCurrent = true;
    viewer
      .load(modelUrl, {
        onProgress: (loaded, total) => {
          if (isCurrent && total > 0) setState({ kind: "loading", fraction: loaded / total });
        },
      })
      .then((facts) => {
        if (!isCurrent) return;
        // The build may have changed while the model loaded.
        viewer.applyBuild(latest.current.build);
        setState({ kind: "ready" });
        latest.current.onReady?.(viewer, facts);
      })
      .catch(() => {
        if (isCurrent) setState({ kind: "failed" });
      });

    let press: { x: number; y: number } | null = null;
    const handleDown = (event: PointerEvent) => {
      press = event.isPrimary ? { x: event.clientX, y: event.clientY } : null;
    };
    const handleUp = (event: PointerEvent) => {
      if (!press || !event.isPrimary) return;
      const moved = Math.hypot(event.clientX - press.x, event.clientY - press.y);
      press = null;
      if (moved <= CLICK_SLOP) latest.current.onSurfaceClick?.(event.clientX, event.clientY);
    };
    viewer.canvas.addEventListener("pointerdown", handleDown);
    viewer.canvas.addEventListener("pointerup", handleUp);

    // Marker drags. Moves are followed on the window: the marker's button is re-made whenever the
    // annotations change, so it cannot hold the pointer itself.
    let drag: TMarkerDrag | null = null;
    const stopFollowing = () => {
      window.removeEventListener("pointermove", handleDragMove);
      window.removeEventListener("pointerup", handleDragUp);
      window.removeEventListener("pointercancel", handleDragCancel);
    };
    const handleDragMove = (event: PointerEvent) => {
      if (!drag || !event.isPrimary) return;
      const before = drag;
      drag = moveMarkerDrag(drag, event.clientX, event.clientY, (x, y) => viewer.pick(x, y));
      if (!before.isDragging && drag.isDragging) setIsDragging(true);
      if (drag.hit && drag.hit !== before.hit) {
        latest.current.onMarkerMove?.(drag.id, drag.hit, dragHistoryKey(drag));
      }
    };
    const finish = (wasCancelled: boolean) => {
      const current = drag;
      drag = null;
      stopFollowing();
      if (!current) return;
      setIsDragging(false);
      const end = endMarkerDrag(current);
      if (end.kind === "click") return;
      if (end.kind === "moved") latest.current.onMarkerDragEnd?.(end.id);
      if (wasCancelled) return;
      // The release after a drag is not a click on whatever marker lies under it.
      const swallow = (event: MouseEvent) => event.stopPropagation();
      window.addEventListener("click", swallow, { capture: true, once: true });
      window.setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
    };
    const handleDragUp = (event: PointerEvent) => {
      if (event.isPrimary) finish(false);
    };
    const handleDragCancel = () => finish(true);
    const handleMarkerDown = (event: PointerEvent) => {
      if (!latest.current.onMarkerMove || !event.isPrimary || event.button !== 0) return;
      const target = event.target instanceof Element ? event.target.closest(".vt-marker") : null;
      const id = target instanceof HTMLElement ? target.dataset.annotationId : undefined;
      if (!id) return;
      drag = startMarkerDrag(id, event.clientX, event.clientY);
      window.addEventListener("pointermove", handleDragMove);
      window.addEventListener("pointerup", handleDragUp);
      window.addEventListener("pointercancel", handleDragCancel);
    };
    container.addEventListener("pointerdown", handleMarkerDown);

    return () => {
      isCurrent = false;
      container.removeEventListener("pointerdown", handleMarkerDown);
      stopFollowing();
      viewer.canvas.removeEventListener("pointerdown", handleDown);
      viewer.canvas.removeEventListener("pointerup", handleUp);
      offClick();
      viewer.dispose();
      viewerRef.current = null;
    };
  }, [modelUrl]);

  useEffect(() => {
    viewerRef.current?.applyScene(build.sceneinfo);
  }, [build.sceneinfo]);
  useEffect(() => {
    viewerRef.current?.applyMaterials(build.materialinfo);
  }, [build.materialinfo]);
  useEffect(() => {
    viewerRef.current?.setAnnotations(build.annotationinfo);
  }, [build.annotationinfo]);
  useEffect(() => {
    viewerRef.current?.setActiveAnnotation(activeAnnotationId);
  }, [activeAnnotationId]);

  return (
    <div
      className={classes.stage}
      data-placing={isPlacing || undefined}
      data-markers-draggable={onMarkerMove ? true : undefined}
      data-dragging={isDragging || undefined}
    >
      {/* The engine makes its container `position: relative`, so the container fills a positioned frame. */}
      <div className={classes.viewer}>
        <div
          ref={host}
          className={classes.viewerHost}
          role="img"
          aria-label={label}
          aria-busy={state.kind === "loading"}
          data-testid="viewer"
          data-state={state.kind}
        />
      </div>
      {state.kind === "loading" ? (
        <Center className={classes.veil} role="status" aria-live="polite">
          <Stack align="center" gap="xs" w={220}>
            <Loader size="sm" />
            <Text size="sm">
              {t("editor.loadingModel", { percent: Math.round((state.fraction ?? 0) * 100) })}
            </Text>
            {state.fraction !== null ? <Progress value={state.fraction * 100} w="100%" size="sm" /> : null}
          </Stack>
        </Center>
      ) : null}
      {state.kind === "failed" ? (
        <Center className={classes.veil} role="alert">
          <Text size="sm" c="red.8" ta="center" px="md">
            {t("editor.modelFailed")}
          </Text>
        </Center>
      ) : null}
      {children}
    </div>
  );
}
