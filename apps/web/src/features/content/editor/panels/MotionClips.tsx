import { ActionIcon, Button, Group, Stack, Text } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { TMotionState } from "./MotionPanel";

/** Props of {@link MotionClips}. */
export interface MotionClipsProps {
  clips: readonly string[];
  motion: TMotionState;
  onPlay: (clip: string) => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

/** The model's clips, each to preview, with pause (resume) and stop for the one playing. */
export function MotionClips({ clips, motion, onPlay, onPause, onResume, onStop }: MotionClipsProps) {
  const { t } = useTranslation("content");
  if (clips.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("motion.noClips")}
      </Text>
    );
  }
  return (
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
  );
}
