/**
 * What the editor's side shows and what a click on the model does: the panel (a tab, a bottom
 * sheet on phones), the annotation being worked on, and placing a new or moved annotation.
 */
import type { TVec3 } from "@vitrine/contract";
import type { TViewer } from "@vitrine/viewer";
import { type RefObject, useState } from "react";
import { useTranslation } from "react-i18next";
import { addAnnotation, newItemId, placeAnnotation } from "../lib/list-order";
import { TABS, type TTab } from "./editor-tabs";
import type { TPlacing } from "./panels/AnnotationsPanel";
import type { TEditorDocState } from "./use-editor-doc";

/** What {@link useEditorPanels} gives the editor. */
export interface TEditorPanels {
  tab: TTab;
  setTab(tab: TTab): void;
  /** Phones: the panel's bottom sheet is open. */
  isDrawerOpen: boolean;
  setIsDrawerOpen(isOpen: boolean): void;
  placing: TPlacing;
  setPlacing(placing: TPlacing): void;
  /** The last click while placing missed the model: the hint says to click on the model itself. */
  isMissed: boolean;
  selectedId: string | null;
  setSelectedId(id: string | null): void;
  /** A click on the model: places the annotation being placed there. */
  handleSurfaceClick(clientX: number, clientY: number): void;
  /** Places at the centre of the view (keyboard users cannot click a point). */
  handlePlaceAtCentre(): void;
  /** Selects an annotation and turns the camera to it. */
  handleSelect(id: string | null): void;
  handlePlacing(next: TPlacing): void;
  /** The tabs' `onChange`. */
  handleTab(value: string | null): void;
}

/** Holds the editor's panel and placing state. */
export function useEditorPanels(
  editor: TEditorDocState,
  viewer: RefObject<TViewer | null>,
  isPhone: boolean,
): TEditorPanels {
  const { t } = useTranslation("content");
  const [tab, setTab] = useState<TTab>("scene");
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [placing, setPlacingState] = useState<TPlacing>(null);
  const [isMissed, setIsMissed] = useState(false);
  const setPlacing = (next: TPlacing) => {
    setPlacingState(next);
    setIsMissed(false);
  };
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const handleSurfaceClick = (clientX: number, clientY: number) => {
    if (!placing || !viewer.current) return;
    const hit = viewer.current.pick(clientX, clientY);
    // Beside the model: nothing to place on. Still placing, and the hint says why nothing happened.
    if (!hit) {
      setIsMissed(true);
      return;
    }
    const point: TVec3 = hit.position;
    const list = editor.doc.build.annotationinfo;
    if (placing.kind === "add") {
      const id = newItemId("ann");
      editor.setAnnotations(
        addAnnotation(list, {
          id,
          title: t("annotations.newTitle", { number: list.length + 1 }),
          point,
          normal: hit.normal,
        }),
      );
      setSelectedId(id);
    } else {
      editor.setAnnotations(placeAnnotation(list, placing.id, point, hit.normal));
    }
    setPlacing(null);
    if (isPhone) {
      setTab("annotations");
      setIsDrawerOpen(true);
    }
  };

  return {
    tab,
    setTab,
    isDrawerOpen,
    setIsDrawerOpen,
    placing,
    setPlacing,
    isMissed,
    selectedId,
    setSelectedId,
    handleSurfaceClick,
    handlePlaceAtCentre: () => {
      const rect = viewer.current?.canvas.getBoundingClientRect();
      if (rect) handleSurfaceClick(rect.left + rect.width / 2, rect.top + rect.height / 2);
    },
    handleSelect: (id) => {
      setSelectedId(id);
      if (id) viewer.current?.focusAnnotation(id);
    },
    handlePlacing: (next) => {
      setPlacing(next);
      // A new note starts with no other note open: typing must never land in the last one's fields.
      if (next?.kind === "add") setSelectedId(null);
      // On phones the drawer covers the model: get it out of the way for the click.
      if (next && isPhone) setIsDrawerOpen(false);
    },
    handleTab: (value) => setTab(TABS.find((x) => x.value === value)?.value ?? "scene"),
  };
}
