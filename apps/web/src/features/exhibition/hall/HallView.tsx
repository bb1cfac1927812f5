import type { THall, THallBooth, THallLabels, THallLayout } from "@vitrine/viewer/hall";
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isChunkLoadError, scheduleChunkReload, withChunkTimeout } from "../../../lib/chunk-reload";

/** What the page can ask of a hall on screen. */
export interface THallController {
  /** Glides to the booth (the search and category filter use it); false when it is not in the hall. */
  flyTo(boothId: string): boolean;
}

export interface HallViewProps {
  /** The exhibition's name in the page's language (the hall's signage). */
  name: string;
  layout: THallLayout;
  booths: THallBooth[];
  themeColor?: string | null;
  /** The visitor opened a booth: the page navigates to the booth's page. */
  onEnterBooth: (boothId: string) => void;
  /** This browser has no WebGL: the page shows the list instead. */
  onWebglMissing: () => void;
  /** The hall drew its first frame. */
  onFirstFrame?: () => void;
  controllerRef?: RefObject<THallController | null>;
  /** Shown until the hall's code has loaded and drawn (a poster, or the list). */
  fallback?: ReactNode;
  /** CSS height of the hall (default: most of the window, at most 680 px). */
  height?: string;
}

/** Loaded on demand: three.js and the hall never reach pages (or `/embed`) without a hall. */
const loadHall = withChunkTimeout(() => import("@vitrine/viewer/hall"));

/** True when the browser can create a WebGL context (checked before the hall's code loads). */
function webglAvailable(): boolean {
  try {
    const canvas = document.createElement("canvas");
    const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    // Give the probe's context back at once: browsers keep only a few alive.
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
    return Boolean(gl);
  } catch {
    return false;
  }
}

/**
 * The 3D exhibition hall (`@vitrine/viewer/hall`) in a React page: loads the engine on demand,
 * shows `fallback` meanwhile, rebuilds when the booths change, and hands the page `flyTo`.
 * Every frame stays in the engine; React only mounts it.
 */
export default function HallView({
  name,
  layout,
  booths,
  themeColor,
  onEnterBooth,
  onWebglMissing,
  onFirstFrame,
  controllerRef,
  fallback,
  height = "min(72vh, 680px)",
}: HallViewProps) {
  const { t, i18n } = useTranslation("hall");
  const host = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const callbacks = useRef({ onEnterBooth, onWebglMissing, onFirstFrame });
  callbacks.current = { onEnterBooth, onWebglMissing, onFirstFrame };
  const labels: THallLabels = useMemo(
    () => ({
      hall: t("label", { name }),
      help: t("help"),
      aisle: t("aisle"),
      facing: t("facing"),
      enter: t("enter"),
      joystick: t("joystick"),
      minimap: t("minimap"),
      freeSlot: t("freeSlot"),
    }),
    // The language is a dependency through `t`.
    [t, name],
  );
  // Rebuild only when what the hall shows changes, not on every render of the page.
  const key = JSON.stringify([name, layout, booths, themeColor, i18n.language]);
  const input = useRef({ name, layout, booths, themeColor, labels });
  input.current = { name, layout, booths, themeColor, labels };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the inputs read through `input`.
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    if (!webglAvailable()) {
      callbacks.current.onWebglMissing();
      return;
    }
    let hall: THall | null = null;
    let cancelled = false;
    setDrawn(false);
    loadHall()
      .then(({ createHall }) => {
        if (cancelled) return;
        const current = input.current;
        try {
          hall = createHall(container, {
            name: current.name,
            layout: current.layout,
            booths: current.booths,
            labels: current.labels,
            themeColor: current.themeColor,
            onEnterBooth: (id) => callbacks.current.onEnterBooth(id),
            onFirstFrame: () => {
              setDrawn(true);
              callbacks.current.onFirstFrame?.();
            },
          });
        } catch {
          callbacks.current.onWebglMissing();
          return;
        }
        if (controllerRef) controllerRef.current = { flyTo: (id) => hall?.flyTo(id) ?? false };
      })
      .catch((reason: unknown) => {
        // A chunk that failed to load reloads the page, as for lazy pages.
        if (isChunkLoadError(reason)) scheduleChunkReload();
      });
    return () => {
      cancelled = true;
      if (controllerRef) controllerRef.current = null;
      hall?.dispose();
      for (const key of Object.keys(container.dataset)) delete container.dataset[key];
      container.dataset.testid = "hall";
    };
  }, [key, controllerRef]);

  return (
    <div style={{ position: "relative", width: "100%", height, borderRadius: 12, overflow: "hidden" }}>
      <div
        ref={host}
        data-testid="hall"
        style={{ position: "absolute", inset: 0, background: "#e4e0da", outlineOffset: -3 }}
      />
      {!drawn && (
        <div
          role="status"
          style={{
            position: "absolute",
            inset: 0,
            overflow: "auto",
            background: fallback ? "#fff" : undefined,
          }}
        >
          {fallback ?? (
            <div style={{ display: "grid", placeItems: "center", height: "100%", color: "#4a4f57" }}>
              {t("loading")}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
