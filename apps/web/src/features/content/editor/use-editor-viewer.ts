/**
 * The editor's engine: the viewer once the model is up, what it found in the model, the motion
 * playing, and (on phones) the camera refitted when the frame changes shape.
 */
import type { TCameraView } from "@vitrine/contract";
import type { TModelFacts, TViewer } from "@vitrine/viewer";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { refitView } from "../lib/refit-view";
import type { TMotionState } from "./panels/MotionPanel";

/** What {@link useEditorViewer} gives the editor. */
export interface TEditorViewer {
  /** The engine, once the model is up. */
  viewer: RefObject<TViewer | null>;
  /** What the engine found in the model (materials, clips, size), once loaded. */
  facts: TModelFacts | null;
  motion: TMotionState;
  getCameraView(): TCameraView | null;
  /** The canvas's `onReady`: keeps the engine and its facts. */
  handleReady(engine: TViewer, found: TModelFacts): void;
  play(clip: string): void;
  pause(): void;
  resume(): void;
  stop(): void;
}

/** Holds the editor's engine; `isPhone` turns on the refit when the frame changes shape. */
export function useEditorViewer(isPhone: boolean): TEditorViewer {
  const viewer = useRef<TViewer | null>(null);
  const [facts, setFacts] = useState<TModelFacts | null>(null);
  const [motion, setMotion] = useState<TMotionState>(null);

  // Phones: a rotation, a resized window or the panel sheet opening changes the frame's shape;
  // the camera keeps its direction and moves nearer or farther so the model still fits.
  const isPhoneRef = useRef(isPhone);
  isPhoneRef.current = isPhone;
  useEffect(() => {
    const engine = viewer.current;
    const frame = engine?.canvas.parentElement;
    if (!engine || !frame || !facts) return;
    const aspectOf = () => {
      const rect = frame.getBoundingClientRect();
      return rect.height > 0 ? rect.width / rect.height : 0;
    };
    let aspect = aspectOf();
    const observer = new ResizeObserver(() => {
      const next = aspectOf();
      if (next <= 0) return;
      const from = aspect;
      aspect = next;
      if (!isPhoneRef.current) return;
      engine.resize();
      const view = engine.getCameraView();
      const refit = refitView(view, from, next);
      if (refit !== view) engine.setCameraView(refit, { animate: false });
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [facts]);

  const getCameraView = useCallback(() => viewer.current?.getCameraView() ?? null, []);

  const handleReady = useCallback((engine: TViewer, found: TModelFacts) => {
    viewer.current = engine;
    setFacts(found);
    engine.onClipEnd(() => setMotion(engine.motion));
  }, []);

  return {
    viewer,
    facts,
    motion,
    getCameraView,
    handleReady,
    play: (clip) => {
      viewer.current?.playClip(clip);
      setMotion(viewer.current?.motion ?? null);
    },
    pause: () => {
      viewer.current?.pause();
      setMotion(viewer.current?.motion ?? null);
    },
    resume: () => {
      viewer.current?.resume();
      setMotion(viewer.current?.motion ?? null);
    },
    stop: () => {
      viewer.current?.stop();
      setMotion(null);
    },
  };
}
