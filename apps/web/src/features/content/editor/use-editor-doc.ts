import type {
  TAnimationStep,
  TAnnotation,
  TContentDoc,
  TMaterialSetting,
  TSceneInfo,
  TSpecification,
} from "@vitrine/contract";
import { useCallback, useMemo, useReducer } from "react";
import {
  canRedo,
  canUndo,
  createHistory,
  historyReducer,
  isDirty,
  type THistory,
  type THistoryAction,
} from "../lib/history";

/** The part of a content the editor changes and can undo: title, build data, specification. */
export interface TEditorDoc {
  title: string;
  build: TContentDoc["build"];
  specification: TSpecification;
}

/** Edits of the document; `key` folds consecutive edits of one control into one undo step. */
export interface TEditorActions {
  setTitle: (title: string) => void;
  setScene: (scene: TSceneInfo, key?: string) => void;
  setMaterials: (materials: TMaterialSetting[], key?: string) => void;
  setAnnotations: (annotations: TAnnotation[], key?: string) => void;
  /** Changes the newest annotations (for edits that arrive faster than renders, like a drag). */
  updateAnnotations: (change: (annotations: TAnnotation[]) => TAnnotation[], key?: string) => void;
  setSteps: (steps: TAnimationStep[], key?: string) => void;
  setSpecification: (specification: TSpecification, key?: string) => void;
  /** Ends the current step (a drag ended, a field lost focus). */
  seal: () => void;
  undo: () => void;
  redo: () => void;
  /** The server now holds `snapshot`. */
  markSaved: (snapshot: TEditorDoc) => void;
}

/** The editor document with undo/redo and its dirty flag. */
export interface TEditorDocState extends TEditorActions {
  doc: TEditorDoc;
  history: THistory<TEditorDoc>;
  canUndo: boolean;
  canRedo: boolean;
  isDirty: boolean;
}

/** The editable snapshot of a loaded content. */
export function editorDocOf(content: TContentDoc): TEditorDoc {
  return { title: content.title, build: content.build, specification: content.specification };
}

type TAction =
  | THistoryAction<TEditorDoc>
  | { type: "update"; change: (doc: TEditorDoc) => TEditorDoc; key?: string };

// Edits are functions of the newest snapshot, so two edits in one event both count.
function reducer(state: THistory<TEditorDoc>, action: TAction): THistory<TEditorDoc> {
  if (action.type !== "update") return historyReducer(state, action);
  return historyReducer(state, { type: "set", next: action.change(state.present), key: action.key });
}

/** Holds a content's editable document, its history and the edit functions panels call. */
export function useEditorDoc(content: TContentDoc): TEditorDocState {
  const [history, dispatch] = useReducer(reducer, content, (c) => createHistory(editorDocOf(c)));
  const doc = history.present;

  const set = useCallback(
    (change: (doc: TEditorDoc) => TEditorDoc, key?: string) => dispatch({ type: "update", change, key }),
    [],
  );

  const actions = useMemo<TEditorActions>(
    () => ({
      setTitle: (title) => set((d) => ({ ...d, title }), "title"),
      setScene: (sceneinfo, key) => set((d) => ({ ...d, build: { ...d.build, sceneinfo } }), key),
      setMaterials: (materialinfo, key) => set((d) => ({ ...d, build: { ...d.build, materialinfo } }), key),
      setAnnotations: (annotationinfo, key) =>
        set((d) => ({ ...d, build: { ...d.build, annotationinfo } }), key),
      updateAnnotations: (change, key) =>
        set((d) => ({ ...d, build: { ...d.build, annotationinfo: change(d.build.annotationinfo) } }), key),
      setSteps: (animationinfo, key) => set((d) => ({ ...d, build: { ...d.build, animationinfo } }), key),
      setSpecification: (specification, key) => set((d) => ({ ...d, specification }), key),
      seal: () => dispatch({ type: "seal" }),
      undo: () => dispatch({ type: "undo" }),
      redo: () => dispatch({ type: "redo" }),
      markSaved: (snapshot) => dispatch({ type: "saved", snapshot }),
    }),
    [set],
  );

  return {
    ...actions,
    doc,
    history,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    isDirty: isDirty(history),
  };
}
