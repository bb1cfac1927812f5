import type { TModelFacts } from "@vitrine/viewer";
import {
  defineVitrineViewer,
  type TMotionState,
  type TViewerLang,
  type TViewerShowConfig,
  type VitrineViewerElement,
} from "@vitrine/viewer/element";
import { useEffect, useRef } from "react";

/** What to show: the element's `show()` config without the language (given on its own). */
export type TVitrineViewerConfig = Omit<TViewerShowConfig, "lang">;

/** Props of {@link VitrineViewer}. */
export interface VitrineViewerProps {
  /** What to show; shown again whenever the object changes (keep it memoised). Null: nothing yet. */
  config: TVitrineViewerConfig | null;
  /** Language of the element's own labels; switched live. */
  lang: TViewerLang;
  /** Accessible name of the viewer region, already translated. */
  label: string;
  className?: string;
  /** Bytes of the model loaded so far. */
  onProgress?: (loaded: number, total: number) => void;
  /** The model is drawn. */
  onReady?: (facts: TModelFacts) => void;
  /** The model could not be shown (no WebGL, a broken file…). */
  onError?: (message: string) => void;
  /** An annotation opened (its id) or closed (null). */
  onAnnotation?: (id: string | null) => void;
  /** The motion simulation changed state. */
  onMotion?: (state: TMotionState, step: number) => void;
}

function detailOf<T>(event: Event): T | null {
  return event instanceof CustomEvent ? (event.detail as T) : null;
}

/**
 * React's handle on `<vitrine-viewer>`: creates the element once, calls `show()` when the config
 * changes, forwards language changes with `setLang`, and turns its `vt-*` events into props.
 * Plain React and no UI library, so the embed can use it too. Every frame stays in the engine.
 */
export function VitrineViewer({
  config,
  lang,
  label,
  className,
  onProgress,
  onReady,
  onError,
  onAnnotation,
  onMotion,
}: VitrineViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<VitrineViewerElement | null>(null);
  const handlers = useRef({ onProgress, onReady, onError, onAnnotation, onMotion });
  handlers.current = { onProgress, onReady, onError, onAnnotation, onMotion };
  const langRef = useRef(lang);
  langRef.current = lang;

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    defineVitrineViewer();
    const el = container.ownerDocument.createElement("vitrine-viewer") as VitrineViewerElement;
    el.style.display = "block";
    el.style.width = "100%";
    el.style.height = "100%";
    const listeners: [string, (event: Event) => void][] = [
      [
        "vt-progress",
        (e) => {
          const d = detailOf<{ loaded: number; total: number }>(e);
          if (d) handlers.current.onProgress?.(d.loaded, d.total);
        },
      ],
      [
        "vt-ready",
        (e) => {
          const d = detailOf<{ facts: TModelFacts }>(e);
          if (d) handlers.current.onReady?.(d.facts);
        },
      ],
      ["vt-error", (e) => handlers.current.onError?.(detailOf<{ message: string }>(e)?.message ?? "error")],
      [
        "vt-annotation",
        (e) => handlers.current.onAnnotation?.(detailOf<{ id: string | null }>(e)?.id ?? null),
      ],
      [
        "vt-motion",
        (e) => {
          const d = detailOf<{ state: TMotionState; step: number }>(e);
          if (d) handlers.current.onMotion?.(d.state, d.step);
        },
      ],
    ];
    for (const [type, listener] of listeners) el.addEventListener(type, listener);
    container.append(el);
    element.current = el;
    return () => {
      for (const [type, listener] of listeners) el.removeEventListener(type, listener);
      // Removing the element disposes its engine (disconnectedCallback).
      el.remove();
      element.current = null;
    };
  }, []);

  useEffect(() => {
    const el = element.current;
    if (!el || !config) return;
    // A failure is reported through `vt-error` (onError); the promise only mirrors it.
    el.show({ ...config, lang: langRef.current }).catch(() => undefined);
  }, [config]);

  useEffect(() => {
    element.current?.setLang(lang);
  }, [lang]);

  return (
    <section
      ref={host}
      aria-label={label}
      className={className}
      style={className ? undefined : { width: "100%", height: "100%" }}
      data-testid="vitrine-viewer-host"
    />
  );
}
