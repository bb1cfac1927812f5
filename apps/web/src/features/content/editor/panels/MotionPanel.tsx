import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconArrowDown,
  IconArrowUp,
  IconMovie,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import {
  ANNOTATION_CONTENT_MAX,
  ANNOTATION_TITLE_MAX,
  countLimit,
  type TAnimationStep,
  type TPlanLevel,
} from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { moveItem, newItemId, removeAt } from "../../lib/list-order";
import { MediaList } from "../MediaList";

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

  if (!isProduced) {
    return (
      <Paper withBorder p="lg" radius="md" data-testid="panel-motion">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconMovie />
          </ThemeIcon>
          <Title order={3} size="h5">
            {t("motion.notProduced")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("motion.notProducedText")}
          </Text>
          <Button
            component={Link}
            to={`/Studio/user/production?new=1&content=${encodeURIComponent(contentId)}`}
            variant="light"
          >
            {t("motion.askProduction")}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const edit = (index: number, patch: Partial<TAnimationStep>, key?: string) =>
    onChange(
      steps.map((s, i) => (i === index ? { ...s, ...patch } : s)),
      key,
    );
  const imageMax = Math.min(countLimit(level, "annotation_image"), 10);

  return (
    <Stack gap="sm" data-testid="panel-motion">
      <Title order={3} size="h5">
        {t("motion.clips")}
      </Title>
      {clips.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("motion.noClips")}
        </Text>
      ) : (
        <Stack gap={4}>
          {clips.map((clip) => (
            <Group key={clip} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {clip}
              </Text>
              <ActionIcon
                variant={motion?.clip === clip ? "filled" : "light"}
                aria-label={t("motion.play", { name: clip })}
                onClick={() => onPlay(clip)}
              >
                <IconPlayerPlay size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={motion?.isPaused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
              disabled={motion === null}
              onClick={motion?.isPaused ? onResume : onPause}
            >
              {motion?.isPaused ? t("motion.resume") : t("motion.pause")}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlayerStop size={14} />}
              disabled={motion === null}
              onClick={onStop}
            >
              {t("motion.stop")}
            </Button>
          </Group>
        </Stack>
      )}

      <Group justify="space-between" mt="sm">
        <Title order={3} size="h5">
          {t("motion.steps")}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={clips.length === 0 || steps.length >= 100}
          onClick={() => {
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
          }}
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
            <Accordion.Item key={step.animation_id} value={step.animation_id}>
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light">{index + 1}</Badge>
                  <Text size="sm" fw={600} truncate>
                    {step.title}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <TextInput
                    label={t("motion.title")}
                    value={step.title}
                    maxLength={ANNOTATION_TITLE_MAX}
                    required
                    error={step.title.trim() === "" ? t("rename.empty") : undefined}
                    onChange={(e) =>
                      edit(index, { title: e.currentTarget.value }, `step.${step.animation_id}.title`)
                    }
                    onBlur={onSeal}
                  />
                  <Textarea
                    label={t("motion.content")}
                    value={step.content}
                    maxLength={ANNOTATION_CONTENT_MAX}
                    autosize
                    minRows={2}
                    onChange={(e) =>
                      edit(index, { content: e.currentTarget.value }, `step.${step.animation_id}.content`)
                    }
                    onBlur={onSeal}
                  />
                  <Select
                    label={t("motion.clip")}
                    data={[...new Set([...clips, step.match_aniname])]}
                    value={step.match_aniname}
                    allowDeselect={false}
                    onChange={(value) => {
                      if (value) edit(index, { match_aniname: value });
                    }}
                  />
                  <MediaList
                    label={t("motion.images")}
                    urls={step.images}
                    onChange={(images) => edit(index, { images })}
                    kind="image"
                    purpose="animation"
                    contentId={contentId}
                    max={imageMax}
                  />
                  <Group justify="space-between" gap="xs">
                    <Group gap={4}>
                      <ActionIcon
                        variant="default"
                        aria-label={t("motion.moveUp")}
                        disabled={index === 0}
                        onClick={() => onChange(moveItem(steps, index, -1))}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        aria-label={t("motion.moveDown")}
                        disabled={index === steps.length - 1}
                        onClick={() => onChange(moveItem(steps, index, 1))}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="light"
                        aria-label={t("motion.play", { name: step.match_aniname })}
                        onClick={() => onPlay(step.match_aniname)}
                      >
                        <IconPlayerPlay size={16} />
                      </ActionIcon>
                    </Group>
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => onChange(removeAt(steps, index))}
                    >
                      {t("motion.delete")}
                    </Button>
                  </Group>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
