import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconCamera, IconRestore } from "@tabler/icons-react";
import type { TCameraView } from "@vitrine/contract";
import { useTranslation } from "react-i18next";

/** Props of {@link CameraViewField}. */
export interface CameraViewFieldProps {
  /** Whose view: the scene's first view (a panel section), or the one an annotation turns to. */
  kind: "scene" | "annotation";
  view: TCameraView | null;
  /** The camera view of the editor right now, or null before the model shows. */
  getCameraView: () => TCameraView | null;
  onChange: (view: TCameraView | null) => void;
}

/** A kept camera view: whether there is one, keeping the editor's view now, or clearing it. */
export function CameraViewField({ kind, view, getCameraView, onChange }: CameraViewFieldProps) {
  const { t } = useTranslation("content");
  const isScene = kind === "scene";
  const iconSize = isScene ? 16 : 14;
  const buttons = (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCamera size={iconSize} />}
        onClick={() => {
          const next = getCameraView();
          if (next) onChange(next);
        }}
      >
        {isScene ? t("scene.useView") : t("annotations.useView")}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={isScene ? <IconRestore size={iconSize} /> : undefined}
        disabled={view === null}
        onClick={() => onChange(null)}
      >
        {isScene ? t("scene.resetView") : t("annotations.clearView")}
      </Button>
    </Group>
  );
  if (isScene) {
    return (
      <>
        <Title order={3} size="h5">
          {t("scene.camera")}
        </Title>
        <Text size="sm" c="dimmed">
          {view ? t("scene.cameraSet") : t("scene.cameraAuto")}
        </Text>
        {buttons}
      </>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("annotations.view")}
      </Text>
      <Text size="xs" c="dimmed">
        {view ? t("annotations.viewSet") : t("annotations.viewNone")}
      </Text>
      {buttons}
    </Stack>
  );
}
