import { Alert, Button, CloseButton, Stack, Tabs, Text, UnstyledButton } from "@mantine/core";
import { useHotkeys, useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconClick,
  IconFileDescription,
  IconMapPin,
  IconMovie,
  IconPalette,
  IconSun,
} from "@tabler/icons-react";
import {
  contentUpdateCall,
  PLAN_LIMITS,
  type TContentDoc,
  type TVec3,
  userPlanLevel,
} from "@vitrine/contract";
import type { TModelFacts, TViewer } from "@vitrine/viewer";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { useResultMessage } from "../../../i18n/use-messages";
import { useCurrentUser } from "../../../stores/use-current-user";
import { LeaveGuard } from "../../../ui/LeaveGuard";
import { LimitNotice } from "../../../ui/LimitNotice";
import { PageTitle } from "../../../ui/PageTitle";
import { OptimizationReportModal } from "../components/OptimizationReport";
import { addAnnotation, newItemId, placeAnnotation } from "../lib/list-order";
import { refitView } from "../lib/refit-view";
import type { TShareDialog } from "../share-slot";
import { EditorToolbar } from "./EditorToolbar";
import classes from "./editor.module.css";
import { PreviewModal } from "./PreviewModal";
import { AnnotationsPanel, type TPlacing } from "./panels/AnnotationsPanel";
import { MaterialsPanel } from "./panels/MaterialsPanel";
import { MotionPanel, type TMotionState } from "./panels/MotionPanel";
import { ScenePanel } from "./panels/ScenePanel";
import { SpecificationPanel } from "./panels/SpecificationPanel";
import { useEditorDoc } from "./use-editor-doc";
import { useSave } from "./use-save";
import { ViewerCanvas } from "./ViewerCanvas";

const TABS = [
  { value: "scene", Icon: IconSun },
  { value: "materials", Icon: IconPalette },
  { value: "annotations", Icon: IconMapPin },
  { value: "motion", Icon: IconMovie },
  { value: "specification", Icon: IconFileDescription },
] as const;

type TTab = (typeof TABS)[number]["value"];

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
 */
export function ContentEditor({ content: initial, modelUrl, ShareDialog }: ContentEditorProps) {
  const { t } = useTranslation("content");
  const messageOf = useResultMessage();
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const { user } = useCurrentUser();
  const level = user ? userPlanLevel(user) : null;
  const limits = PLAN_LIMITS[level ?? "basic"];

  const [content, setContent] = useState(initial);
  const editor = useEditorDoc(initial);
  const { doc } = editor;
  const viewer = useRef<TViewer | null>(null);
  const [facts, setFacts] = useState<TModelFacts | null>(null);
  const [tab, setTab] = useState<TTab>("scene");
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [placing, setPlacing] = useState<TPlacing>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [motion, setMotion] = useState<TMotionState>(null);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const [isReportOpen, setIsReportOpen] = useState(false);
  const [isPublic, setIsPublic] = useState(initial.is_public);
  const [isPublicBusy, setIsPublicBusy] = useState(false);

  const {
    state: saveState,
    save,
    dismiss,
  } = useSave({
    contentId: content.content_id,
    doc,
    level,
    viewer,
    onSaved: useCallback(
      (snapshot, saved) => {
        editor.markSaved(snapshot);
        setContent(saved);
      },
      [editor.markSaved],
    ),
    onMissingTitle: useCallback((itemId: string | null) => {
      if (itemId === null) return;
      setSelectedId(itemId);
      setTab("annotations");
    }, []),
  });

  useHotkeys([["mod+S", () => void save()]], []);
  useHotkeys([
    ["mod+Z", editor.undo],
    ["mod+shift+Z", editor.redo],
    ["mod+Y", editor.redo],
  ]);

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

  const handleSurfaceClick = (clientX: number, clientY: number) => {
    if (!placing || !viewer.current) return;
    const hit = viewer.current.pick(clientX, clientY);
    if (!hit) return;
    const point: TVec3 = hit.position;
    const list = doc.build.annotationinfo;
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

  const handleTab = (value: string | null) => setTab(TABS.find((x) => x.value === value)?.value ?? "scene");

  const handlePlaceAtCentre = () => {
    const rect = viewer.current?.canvas.getBoundingClientRect();
    if (rect) handleSurfaceClick(rect.left + rect.width / 2, rect.top + rect.height / 2);
  };

  const handleSelect = (id: string | null) => {
    setSelectedId(id);
    if (id) viewer.current?.focusAnnotation(id);
  };

  const handlePlacing = (next: TPlacing) => {
    setPlacing(next);
    // On phones the drawer covers the model: get it out of the way for the click.
    if (next && isPhone) setIsDrawerOpen(false);
  };

  const handlePublic = async (next: boolean) => {
    setIsPublic(next);
    setIsPublicBusy(true);
    const res = await api(contentUpdateCall, { content_id: content.content_id, is_public: next });
    setIsPublicBusy(false);
    if (!res.status) {
      setIsPublic(!next);
      notifications.show({ color: "red", message: messageOf(res) });
    }
  };

  const materials = facts?.materials ?? content.model_info?.materials ?? [];
  const clips = facts?.clips.map((c) => c.name) ?? content.model_info?.clips ?? [];

  const panels: Record<TTab, ReactNode> = {
    scene: (
      <ScenePanel
        scene={doc.build.sceneinfo}
        onChange={editor.setScene}
        onSeal={editor.seal}
        contentId={content.content_id}
        getCameraView={getCameraView}
      />
    ),
    materials: (
      <MaterialsPanel
        materials={materials}
        defaults={facts?.materialDefaults ?? []}
        settings={doc.build.materialinfo}
        onChange={editor.setMaterials}
        onSeal={editor.seal}
      />
    ),
    annotations: (
      <AnnotationsPanel
        annotations={doc.build.annotationinfo}
        onChange={editor.setAnnotations}
        onSeal={editor.seal}
        level={level ?? "basic"}
        placing={placing}
        onPlacingChange={handlePlacing}
        selectedId={selectedId}
        onSelect={handleSelect}
        contentId={content.content_id}
        getCameraView={getCameraView}
      />
    ),
    motion: (
      <MotionPanel
        isProduced={content.is_produced}
        clips={clips}
        steps={doc.build.animationinfo}
        onChange={editor.setSteps}
        onSeal={editor.seal}
        level={level ?? "basic"}
        contentId={content.content_id}
        motion={motion}
        onPlay={(clip) => {
          viewer.current?.playClip(clip);
          setMotion(viewer.current?.motion ?? null);
        }}
        onPause={() => {
          viewer.current?.pause();
          setMotion(viewer.current?.motion ?? null);
        }}
        onResume={() => {
          viewer.current?.resume();
          setMotion(viewer.current?.motion ?? null);
        }}
        onStop={() => {
          viewer.current?.stop();
          setMotion(null);
        }}
      />
    ),
    specification: (
      <SpecificationPanel
        specification={doc.specification}
        onChange={editor.setSpecification}
        contentId={content.content_id}
        limits={limits}
      />
    ),
  };

  const tabList = (
    <Tabs.List grow style={{ flexWrap: "nowrap", overflowX: "auto", scrollbarWidth: "none" }}>
      {TABS.map(({ value }) => (
        <Tabs.Tab key={value} value={value} px={6} fz="sm">
          {t(`tabs.${value}`)}
        </Tabs.Tab>
      ))}
    </Tabs.List>
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
        isPublic={isPublic}
        isPublicBusy={isPublicBusy}
        onPublicChange={(next) => void handlePublic(next)}
        onPreview={() => setIsPreviewOpen(true)}
        onShare={() => setIsShareOpen(true)}
        onReport={() => setIsReportOpen(true)}
        originalUrl={content.original_url}
        isCompact={isPhone}
      />
      {saveState.kind === "failed" ? (
        <Alert color="red" variant="light" withCloseButton onClose={dismiss} role="alert" radius={0} py="xs">
          {saveState.message}
        </Alert>
      ) : null}
      {saveState.kind === "limit" ? (
        <LimitNotice limit={saveState.limit.limit} max={saveState.limit.max} onClose={dismiss} />
      ) : null}
      <div className={classes.workspace}>
        <ViewerCanvas
          modelUrl={modelUrl}
          build={doc.build}
          label={t("editor.viewerLabel", { title: doc.title })}
          onReady={handleReady}
          onSurfaceClick={handleSurfaceClick}
          onAnnotationClick={(id) => {
            handleSelect(id);
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
          activeAnnotationId={selectedId}
          isPlacing={placing !== null}
        >
          {placing ? (
            <Alert
              className={classes.hint}
              color="blue"
              icon={<IconClick />}
              withCloseButton
              onClose={() => setPlacing(null)}
            >
              <Stack gap={6} align="flex-start">
                <Text size="sm">
                  {placing.kind === "add"
                    ? t("editor.placeHint")
                    : t("editor.moveHint", {
                        number:
                          doc.build.annotationinfo.find((a) => a.annotation_id === placing.id)?.marker
                            .number ?? "",
                      })}
                </Text>
                {/* Keyboard users cannot click a point: the centre of the view is theirs. */}
                <Button size="compact-xs" variant="white" onClick={handlePlaceAtCentre}>
                  {t("editor.placeCenter")}
                </Button>
              </Stack>
            </Alert>
          ) : null}
        </ViewerCanvas>
        {isPhone ? null : (
          <aside className={classes.panel} aria-label={t("tabs.label")}>
            <Tabs value={tab} onChange={handleTab}>
              {tabList}
            </Tabs>
            <div className={classes.panelBody} data-testid="editor-panel">
              {panels[tab]}
            </div>
          </aside>
        )}
      </div>
      {isPhone && isDrawerOpen ? (
        // A bottom sheet in the layout, not over it: the model stays in view above it.
        <section className={classes.sheet} aria-label={t(`tabs.${tab}`)} data-testid="panel-sheet">
          <div className={classes.sheetHeader}>
            <Text fw={700}>{t(`tabs.${tab}`)}</Text>
            <CloseButton aria-label={t("editor.closePanel")} onClick={() => setIsDrawerOpen(false)} />
          </div>
          <div className={classes.panelBody} data-testid="editor-panel">
            {panels[tab]}
          </div>
        </section>
      ) : null}
      {isPhone ? (
        <nav className={classes.phoneBar} aria-label={t("tabs.label")}>
          {TABS.map(({ value, Icon }) => (
            <UnstyledButton
              key={value}
              className={classes.phoneTab}
              data-active={(isDrawerOpen && tab === value) || undefined}
              aria-pressed={isDrawerOpen && tab === value}
              onClick={() => {
                setTab(value);
                setIsDrawerOpen(!(isDrawerOpen && tab === value));
              }}
            >
              <Icon size={20} aria-hidden />
              <Text fz="inherit" lh={1.2}>
                {t(`tabs.${value}`)}
              </Text>
            </UnstyledButton>
          ))}
        </nav>
      ) : null}
      <PreviewModal
        opened={isPreviewOpen}
        onClose={() => setIsPreviewOpen(false)}
        title={doc.title}
        modelUrl={modelUrl}
        build={doc.build}
        specificationImages={doc.specification.images}
        posterUrl={content.thumbnail_url}
        dimensions={facts?.dimensions ?? null}
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
