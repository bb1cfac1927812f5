import { Accordion, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { countLimit, type TAnimationStep, type TPlanLevel } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { moveItem, newItemId, removeAt } from "../../lib/list-order";
import { MotionClips } from "./MotionClips";
import { MotionNotProduced } from "./MotionNotProduced";
import { MotionStepItem } from "./MotionStepItem";

/** The clip playing or held in the editor. */
export type TMotionState = { clip: string; isPaused: boolean } | null;

/** Props of {@link MotionPanel}. */
export interface MotionPanelProps {
  /** Motion steps are open only for models produced by Vitrine. */
  isProduced: boolean;
  clips: readonly string[];
  steps: readonly TAnimationStep[];
  onChange: (steps: TAnimationStep[], key?: string) => void;
  onSeal: () => void;
  level: TPlanLevel;
  contentId: string;
  motion: TMotionState;
  onPlay: (clip: string) => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

/** The model's clips (preview) and the motion steps that play them, for produced models. */
export function MotionPanel({
  isProduced,
  clips,
  steps,
  onChange,
  onSeal,
  level,
  contentId,
  motion,
  onPlay,
  onPause,
  onResume,
  onStop,
}: MotionPanelProps) {
  const { t } = useTranslation("content");
  const [openId, setOpenId] = useState<string | null>(null);

  if (!isProduced) return <MotionNotProduced contentId={contentId} />;

  const edit = (index: number, patch: Partial<TAnimationStep>, key?: string) =>
    onChange(
      steps.map((s, i) => (i === index ? { ...s, ...patch } : s)),
      key,
    );
  // What every step's item gets.
  const each = {
    count: steps.length,
    clips,
    imageMax: Math.min(countLimit(level, "annotation_image"), 10),
    contentId,
    onSeal,
    onPlay,
  };
  const add = () => {
    const id = newItemId("step");
    onChange([
      ...steps,
      {
        animation_id: id,
        title: t("motion.newTitle", { number: steps.length + 1 }),
        content: "",
        match_aniname: clips[0] ?? "",
        images: [],
      },
    ]);
    setOpenId(id);
  };

  return (
    <Stack gap="sm" data-testid="panel-motion">
      <Title order={3} size="h5">
        {t("motion.clips")}
      </Title>
      <MotionClips
        clips={clips}
        motion={motion}
        onPlay={onPlay}
        onPause={onPause}
        onResume={onResume}
        onStop={onStop}
      />

      <Group justify="space-between" mt="sm">
        <Title order={3} size="h5">
          {t("motion.steps")}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={clips.length === 0 || steps.length >= 100}
          onClick={add}
        >
          {t("motion.addStep")}
        </Button>
      </Group>
      {steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("motion.noSteps")}
        </Text>
      ) : (
        <Accordion variant="separated" value={openId} onChange={setOpenId}>
          {steps.map((step, index) => (
            <MotionStepItem
              key={step.animation_id}
              step={step}
              index={index}
              {...each}
              onEdit={(patch, key) => edit(index, patch, key)}
              onMove={(delta) => onChange(moveItem(steps, index, delta))}
              onDelete={() => onChange(removeAt(steps, index))}
            />
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
