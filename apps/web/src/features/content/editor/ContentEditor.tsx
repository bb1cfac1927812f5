import { useHotkeys, useMediaQuery } from "@mantine/hooks";
import { PLAN_LIMITS, type TContentDoc, userPlanLevel } from "@vitrine/contract";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../stores/use-current-user";
import { LeaveGuard } from "../../../ui/LeaveGuard";
import { PageTitle } from "../../../ui/PageTitle";
import { OptimizationReportModal } from "../components/OptimizationReport";
import { placeAnnotation } from "../lib/list-order";
import type { TShareDialog } from "../share-slot";
import { EditorPanel } from "./EditorPanel";
import { EditorSidePanel } from "./EditorSidePanel";
import { EditorToolbar } from "./EditorToolbar";
import classes from "./editor.module.css";
import { PanelSheet } from "./PanelSheet";
import { PhoneTabBar } from "./PhoneTabBar";
import { PlacingHint } from "./PlacingHint";
import { PreviewModal } from "./PreviewModal";
import { SaveNotice } from "./SaveNotice";
import { useEditorDoc } from "./use-editor-doc";
import { useEditorPanels } from "./use-editor-panels";
import { useEditorViewer } from "./use-editor-viewer";
import { usePublicSwitch } from "./use-public-switch";
import { useSave } from "./use-save";
import { ViewerCanvas } from "./ViewerCanvas";

/** Props of {@link ContentEditor}. */
export interface ContentEditorProps {
  /** The content, ready (its model processed). */
  content: TContentDoc;
  /** The processed model's URL. */
  modelUrl: string;
  /** The share-link manager the share action opens (the studio gives the sharing area's). */
  ShareDialog: TShareDialog;
}

/**
 * The editor: the model in the centre, panels beside it (a bottom drawer on phones), undo and
 * redo, save with a thumbnail from the canvas, preview, the public switch and the download.
 * The state lives in `use-editor-doc.ts` (the document and its history), `use-editor-viewer.ts`
 * (the engine), `use-editor-panels.ts` (the panel and placing), `use-save.ts` and
 * `use-public-switch.ts`; the panes in their own files (`EditorSidePanel`, `PanelSheet`); this file
 * lays them out.
 */
export function ContentEditor({ content: initial, modelUrl, ShareDialog }: ContentEditorProps) {
  const { t } = useTranslation("content");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const { user } = useCurrentUser();
  const level = user ? userPlanLevel(user) : null;
  const limits = PLAN_LIMITS[level ?? "basic"];

  const [content, setContent] = useState(initial);
  const editor = useEditorDoc(initial);
  const { doc } = editor;
  const engine = useEditorViewer(isPhone);
  const panels = useEditorPanels(editor, engine.viewer, isPhone);
  const { tab, setTab, setSelectedId } = panels;
  const publicSwitch = usePublicSwitch(content.content_id, initial.is_public);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const [isReportOpen, setIsReportOpen] = useState(false);

  const {
    state: saveState,
    save,
    dismiss,
  } = useSave({
    contentId: content.content_id,
    doc,
    level,
    viewer: engine.viewer,
    onSaved: useCallback(
      (snapshot, saved) => {
        editor.markSaved(snapshot);
        setContent(saved);
      },
      [editor.markSaved],
    ),
    onMissingTitle: useCallback(
      (itemId: string | null) => {
        if (itemId === null) return;
        setSelectedId(itemId);
        setTab("annotations");
      },
      [setSelectedId, setTab],
    ),
  });

  useHotkeys([["mod+S", () => void save()]], []);
  useHotkeys([
    ["mod+Z", editor.undo],
    ["mod+shift+Z", editor.redo],
    ["mod+Y", editor.redo],
  ]);

  const panel = (
    <EditorPanel
      tab={tab}
      content={content}
      editor={editor}
      engine={engine}
      panels={panels}
      level={level ?? "basic"}
      limits={limits}
    />
  );

  return (
    <div className={classes.root} data-testid="content-editor">
      <PageTitle title={doc.title} className={classes.srOnly} />
      <EditorToolbar
        title={doc.title}
        onTitleChange={editor.setTitle}
        onTitleBlur={editor.seal}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        onUndo={editor.undo}
        onRedo={editor.redo}
        isDirty={editor.isDirty}
        saveState={saveState}
        onSave={() => void save()}
        isPublic={publicSwitch.isPublic}
        isPublicBusy={publicSwitch.isBusy}
        onPublicChange={(next) => void publicSwitch.setPublic(next)}
        onPreview={() => setIsPreviewOpen(true)}
        onShare={() => setIsShareOpen(true)}
        onReport={() => setIsReportOpen(true)}
        originalUrl={content.original_url}
        isCompact={isPhone}
      />
      <SaveNotice state={saveState} onDismiss={dismiss} />
      <div className={classes.workspace}>
        <ViewerCanvas
          modelUrl={modelUrl}
          build={doc.build}
          label={t("editor.viewerLabel", { title: doc.title })}
          onReady={engine.handleReady}
          onSurfaceClick={panels.handleSurfaceClick}
          onAnnotationClick={(id) => {
            panels.handleSelect(id);
            setTab("annotations");
          }}
          onMarkerMove={(id, hit, key) =>
            editor.updateAnnotations((list) => placeAnnotation(list, id, hit.position, hit.normal), key)
          }
          onMarkerDragEnd={(id) => {
            // One drag, one undo step; the dragged marker is the one being worked on.
            editor.seal();
            setSelectedId(id);
            setTab("annotations");
          }}
          activeAnnotationId={panels.selectedId}
          isPlacing={panels.placing !== null}
        >
          {panels.placing ? (
            <PlacingHint
              placing={panels.placing}
              isMissed={panels.isMissed}
              annotations={doc.build.annotationinfo}
              onCancel={() => panels.setPlacing(null)}
              onPlaceAtCentre={panels.handlePlaceAtCentre}
            />
          ) : null}
        </ViewerCanvas>
        {isPhone ? null : (
          <EditorSidePanel tab={tab} onTab={panels.handleTab}>
            {panel}
          </EditorSidePanel>
        )}
      </div>
      {isPhone && panels.isDrawerOpen ? (
        <PanelSheet tab={tab} onClose={() => panels.setIsDrawerOpen(false)}>
          {panel}
        </PanelSheet>
      ) : null}
      {isPhone ? (
        <PhoneTabBar
          tab={tab}
          isDrawerOpen={panels.isDrawerOpen}
          onPress={(value) => {
            setTab(value);
            panels.setIsDrawerOpen(!(panels.isDrawerOpen && tab === value));
          }}
        />
      ) : null}
      <PreviewModal
        opened={isPreviewOpen}
        onClose={() => setIsPreviewOpen(false)}
        title={doc.title}
        modelUrl={modelUrl}
        build={doc.build}
        specificationImages={doc.specification.images}
        posterUrl={content.thumbnail_url}
        dimensions={engine.facts?.dimensions ?? null}
        isDirty={editor.isDirty}
        branding={{
          showLogo: !limits.platform.remove_platform_logo,
          showAds: !limits.platform.remove_platform_ads,
        }}
      />
      <ShareDialog
        content={isShareOpen ? { content_id: content.content_id, title: doc.title } : null}
        onClose={() => setIsShareOpen(false)}
      />
      <OptimizationReportModal
        info={content.model_info}
        isOpen={isReportOpen}
        onClose={() => setIsReportOpen(false)}
      />
      <LeaveGuard
        isDirty={editor.isDirty}
        texts={{
          title: t("editor.leaveTitle"),
          text: t("editor.leaveText"),
          stay: t("editor.stay"),
          leave: t("editor.leave"),
        }}
      />
    </div>
  );
}
