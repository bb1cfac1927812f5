import type { TContentDoc, TPlanLevel, TPlanLimits } from "@vitrine/contract";
import type { TTab } from "./editor-tabs";
import { AnnotationsPanel } from "./panels/AnnotationsPanel";
import { MaterialsPanel } from "./panels/MaterialsPanel";
import { MotionPanel } from "./panels/MotionPanel";
import { ScenePanel } from "./panels/ScenePanel";
import { SpecificationPanel } from "./panels/SpecificationPanel";
import type { TEditorDocState } from "./use-editor-doc";
import type { TEditorPanels } from "./use-editor-panels";
import type { TEditorViewer } from "./use-editor-viewer";

/** Props of {@link EditorPanel}. */
export interface EditorPanelProps {
  tab: TTab;
  content: TContentDoc;
  editor: TEditorDocState;
  engine: TEditorViewer;
  panels: TEditorPanels;
  level: TPlanLevel;
  limits: TPlanLimits;
}

/** The panel of a tab: scene, materials, annotations, motion or specification. */
export function EditorPanel({ tab, content, editor, engine, panels, level, limits }: EditorPanelProps) {
  const { doc } = editor;
  const { facts } = engine;
  switch (tab) {
    case "scene":
      return (
        <ScenePanel
          scene={doc.build.sceneinfo}
          onChange={editor.setScene}
          onSeal={editor.seal}
          contentId={content.content_id}
          getCameraView={engine.getCameraView}
        />
      );
    case "materials":
      return (
        <MaterialsPanel
          materials={facts?.materials ?? content.model_info?.materials ?? []}
          defaults={facts?.materialDefaults ?? []}
          settings={doc.build.materialinfo}
          onChange={editor.setMaterials}
          onSeal={editor.seal}
        />
      );
    case "annotations":
      return (
        <AnnotationsPanel
          annotations={doc.build.annotationinfo}
          onChange={editor.setAnnotations}
          onSeal={editor.seal}
          level={level}
          placing={panels.placing}
          onPlacingChange={panels.handlePlacing}
          selectedId={panels.selectedId}
          onSelect={panels.handleSelect}
          contentId={content.content_id}
          getCameraView={engine.getCameraView}
        />
      );
    case "motion":
      return (
        <MotionPanel
          isProduced={content.is_produced}
          clips={facts?.clips.map((c) => c.name) ?? content.model_info?.clips ?? []}
          steps={doc.build.animationinfo}
          onChange={editor.setSteps}
          onSeal={editor.seal}
          level={level}
          contentId={content.content_id}
          motion={engine.motion}
          onPlay={engine.play}
          onPause={engine.pause}
          onResume={engine.resume}
          onStop={engine.stop}
        />
      );
    case "specification":
      return (
        <SpecificationPanel
          specification={doc.specification}
          onChange={editor.setSpecification}
          contentId={content.content_id}
          limits={limits}
        />
      );
  }
}
