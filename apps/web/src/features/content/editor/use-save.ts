import { notifications } from "@mantine/notifications";
import { contentUpdateCall, type TContentDoc, type TPlanLevel } from "@vitrine/contract";
import type { TViewer } from "@vitrine/viewer";
import { type RefObject, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { planLimitOf, type TPlanLimitAnswer } from "../../../api/plan-limit";
import { fieldErrorsOf } from "../../../api/result-message";
import { uploadImage } from "../../../api/upload";
import { useResultMessage } from "../../../i18n/use-messages";
import { exceededLimit } from "../lib/limits";
import type { TEditorDoc } from "./use-editor-doc";

/** Where saving stands. */
export type TSaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "failed"; message: string }
  | { kind: "limit"; limit: TPlanLimitAnswer };

/** Thumbnail size captured from the editor canvas (the list's 4:3 cards). */
export const THUMBNAIL_SIZE = { width: 640, height: 480 } as const;

/** Options of {@link useSave}. */
export interface TUseSaveOptions {
  contentId: string;
  doc: TEditorDoc;
  /** The user's level, or null while unknown (the server still checks). */
  level: TPlanLevel | null;
  viewer: RefObject<TViewer | null>;
  onSaved: (snapshot: TEditorDoc, content: TContentDoc) => void;
  /** Shows the item whose title is missing. */
  onMissingTitle: (itemId: string | null) => void;
}

/**
 * Saving: checks titles and the mirrored plan limits, captures a thumbnail from the canvas,
 * uploads it, then sends title, build data and specification in one update.
 */
export function useSave({ contentId, doc, level, viewer, onSaved, onMissingTitle }: TUseSaveOptions) {
  const { t } = useTranslation("content");
  const messageOf = useResultMessage();
  const [state, setState] = useState<TSaveState>({ kind: "idle" });
  const isSaving = useRef(false);

  const save = useCallback(async () => {
    if (isSaving.current) return;
    const snapshot = doc;
    const untitled =
      snapshot.build.annotationinfo.find((a) => a.title.trim() === "")?.annotation_id ??
      snapshot.build.animationinfo.find((s) => s.title.trim() === "")?.animation_id;
    if (snapshot.title.trim() === "" || untitled !== undefined) {
      onMissingTitle(untitled ?? null);
      setState({ kind: "failed", message: t("rename.empty") });
      return;
    }
    const exceeded = level ? exceededLimit(level, snapshot.build) : null;
    if (exceeded) {
      setState({ kind: "limit", limit: { limit: exceeded.limit, max: exceeded.max } });
      return;
    }
    isSaving.current = true;
    setState({ kind: "saving" });
    try {
      let thumbnailUrl: string | undefined;
      const engine = viewer.current;
      if (engine) {
        try {
          const blob = await engine.capture({ ...THUMBNAIL_SIZE, type: "image/png" });
          const res = await uploadImage(blob, "thumbnail.png", "thumbnail", contentId);
          if (res.status) thumbnailUrl = res.data.url;
        } catch {
          // A thumbnail is a nicety: the save goes on without it and says so below.
        }
      }
      const res = await api(contentUpdateCall, {
        content_id: contentId,
        title: snapshot.title.trim(),
        build: snapshot.build,
        specification: snapshot.specification,
        ...(thumbnailUrl ? { thumbnail_url: thumbnailUrl } : {}),
      });
      if (res.status) {
        onSaved(snapshot, res.data.doc);
        setState({ kind: "saved" });
        if (!thumbnailUrl) notifications.show({ color: "yellow", message: t("editor.thumbnailFailed") });
        return;
      }
      const limit = planLimitOf(res);
      if (limit) {
        setState({ kind: "limit", limit });
        return;
      }
      const fields = Object.values(fieldErrorsOf(res));
      setState({ kind: "failed", message: [messageOf(res), ...fields.slice(0, 2)].join(" ") });
    } finally {
      isSaving.current = false;
    }
  }, [doc, level, viewer, contentId, onSaved, onMissingTitle, t, messageOf]);

  return { state, save, dismiss: () => setState({ kind: "idle" }) };
}
