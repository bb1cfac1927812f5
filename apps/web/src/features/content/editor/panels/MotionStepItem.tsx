import { ActionIcon, Badge, Select } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import type { TAnimationStep } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { EditorListItem } from "../EditorListItem";
import { MediaList } from "../MediaList";

/** Props of {@link MotionStepItem}. */
export interface MotionStepItemProps {
  step: TAnimationStep;
  index: number;
  count: number;
  clips: readonly string[];
  imageMax: number;
  contentId: string;
  onEdit: (patch: Partial<TAnimationStep>, key?: string) => void;
  onSeal: () => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
  onPlay: (clip: string) => void;
}

/** One motion step: its title, text, the clip it plays (to preview) and its images. */
export function MotionStepItem({
  step,
  index,
  count,
  clips,
  imageMax,
  contentId,
  onEdit,
  onSeal,
  onMove,
  onDelete,
  onPlay,
}: MotionStepItemProps) {
  const { t } = useTranslation("content");
  const id = step.animation_id;
  return (
    <EditorListItem
      value={id}
      badge={<Badge variant="light">{index + 1}</Badge>}
      title={step.title}
      content={step.content}
      labels={{
        title: t("motion.title"),
        content: t("motion.content"),
        moveUp: t("motion.moveUp"),
        moveDown: t("motion.moveDown"),
        delete: t("motion.delete"),
      }}
      rows={{ min: 2 }}
      onTitle={(title) => onEdit({ title }, `step.${id}.title`)}
      onContent={(content) => onEdit({ content }, `step.${id}.content`)}
      onSeal={onSeal}
      index={index}
      count={count}
      onMove={onMove}
      onDelete={onDelete}
      actions={
        <ActionIcon
          variant="light"
          aria-label={t("motion.play", { name: step.match_aniname })}
          onClick={() => onPlay(step.match_aniname)}
        >
          <IconPlayerPlay size={16} />
        </ActionIcon>
      }
    >
      <Select
        label={t("motion.clip")}
        data={[...new Set([...clips, step.match_aniname])]}
        value={step.match_aniname}
        allowDeselect={false}
        onChange={(value) => {
          if (value) onEdit({ match_aniname: value });
        }}
      />
      <MediaList
        label={t("motion.images")}
        urls={step.images}
        onChange={(images) => onEdit({ images })}
        kind="image"
        purpose="animation"
        contentId={contentId}
        max={imageMax}
      />
    </EditorListItem>
  );
}
