import { Badge, Button } from "@mantine/core";
import { IconClick } from "@tabler/icons-react";
import type { TAnnotation, TCameraView } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { LimitNotice } from "../../../../ui/LimitNotice";
import type { updateAnnotation } from "../../lib/list-order";
import { CameraViewField } from "../CameraViewField";
import { EditorListItem } from "../EditorListItem";
import { MediaList } from "../MediaList";

/** Props of {@link AnnotationItem}. */
export interface AnnotationItemProps {
  annotation: TAnnotation;
  index: number;
  count: number;
  imageMax: number;
  contentId: string;
  /** The next click on the model puts this annotation's marker there. */
  isMoving: boolean;
  onEdit: (patch: Parameters<typeof updateAnnotation>[2], key?: string) => void;
  onSeal: () => void;
  onMove: (delta: -1 | 1) => void;
  /** Starts (or, when moving, stops) putting the marker elsewhere. */
  onReplace: () => void;
  onDelete: () => void;
  getCameraView: () => TCameraView | null;
}

/** One annotation: its title, text, images, videos, camera view, order, marker and delete. */
export function AnnotationItem({
  annotation: a,
  index,
  count,
  imageMax,
  contentId,
  isMoving,
  onEdit,
  onSeal,
  onMove,
  onReplace,
  onDelete,
  getCameraView,
}: AnnotationItemProps) {
  const { t } = useTranslation("content");
  const id = a.annotation_id;
  return (
    <EditorListItem
      value={id}
      badge={
        <Badge circle size="lg" variant="filled">
          {a.marker.number}
        </Badge>
      }
      title={a.title}
      content={a.content}
      labels={{
        title: t("annotations.title"),
        content: t("annotations.content"),
        moveUp: t("annotations.moveUp"),
        moveDown: t("annotations.moveDown"),
        delete: t("annotations.delete"),
      }}
      rows={{ min: 3, max: 10 }}
      onTitle={(title) => onEdit({ title }, `ann.${id}.title`)}
      onContent={(content) => onEdit({ content }, `ann.${id}.content`)}
      onSeal={onSeal}
      index={index}
      count={count}
      onMove={onMove}
      onDelete={onDelete}
      hasTooltips
      testIds={{ item: "annotation-item", title: "annotation-title", content: "annotation-content" }}
      actions={
        <Button
          size="xs"
          variant={isMoving ? "filled" : "default"}
          leftSection={<IconClick size={14} />}
          onClick={onReplace}
        >
          {t("annotations.replace")}
        </Button>
      }
    >
      <MediaList
        label={t("annotations.images")}
        urls={a.images}
        onChange={(images) => onEdit({ images })}
        kind="image"
        purpose="annotation"
        contentId={contentId}
        max={imageMax}
      />
      {imageMax === 0 ? <LimitNotice limit="annotation_image" max={0} /> : null}
      <MediaList
        label={t("annotations.videos")}
        urls={a.videos}
        onChange={(videos) => onEdit({ videos })}
        kind="video"
        purpose="annotation"
        contentId={contentId}
        max={3}
      />
      <CameraViewField
        kind="annotation"
        view={a.axis}
        getCameraView={getCameraView}
        onChange={(axis) => onEdit({ axis })}
      />
    </EditorListItem>
  );
}
