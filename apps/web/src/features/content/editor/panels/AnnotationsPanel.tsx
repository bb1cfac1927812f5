import { Accordion, Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconClick, IconMapPinPlus, IconX } from "@tabler/icons-react";
import { countLimit, type TAnnotation, type TCameraView, type TPlanLevel } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { LimitNotice } from "../../../../ui/LimitNotice";
import { limitUse } from "../../lib/limits";
import { moveAnnotation, removeAnnotation, updateAnnotation } from "../../lib/list-order";
import { AnnotationItem } from "./AnnotationItem";

/** What the next click on the model does. */
export type TPlacing = { kind: "add" } | { kind: "move"; id: string } | null;

/** Props of {@link AnnotationsPanel}. */
export interface AnnotationsPanelProps {
  annotations: readonly TAnnotation[];
  onChange: (annotations: TAnnotation[], key?: string) => void;
  onSeal: () => void;
  level: TPlanLevel;
  placing: TPlacing;
  onPlacingChange: (placing: TPlacing) => void;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  contentId: string;
  getCameraView: () => TCameraView | null;
}

/** Annotations: add by clicking the model, edit text and media, camera view, order, move, delete. */
export function AnnotationsPanel({
  annotations,
  onChange,
  onSeal,
  level,
  placing,
  onPlacingChange,
  selectedId,
  onSelect,
  contentId,
  getCameraView,
}: AnnotationsPanelProps) {
  const { t } = useTranslation("content");
  const use = limitUse(level, "annotation", annotations.length);
  // What every annotation's item gets.
  const each = {
    count: annotations.length,
    imageMax: Math.min(countLimit(level, "annotation_image"), 10),
    contentId,
    onSeal,
    getCameraView,
  };
  const edit = (id: string, patch: Parameters<typeof updateAnnotation>[2], key?: string) =>
    onChange(updateAnnotation(annotations, id, patch), key);

  return (
    <Stack gap="sm" data-testid="panel-annotations">
      <Text size="sm" c="dimmed">
        {t("annotations.intro")}
      </Text>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} data-testid="annotation-usage">
          {t("annotations.count", { used: use.used, max: use.max })}
        </Text>
        {placing?.kind === "add" ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} />}
            onClick={() => onPlacingChange(null)}
          >
            {t("editor.cancelPlacing")}
          </Button>
        ) : (
          <Button
            size="xs"
            leftSection={<IconMapPinPlus size={16} />}
            disabled={!use.canAdd}
            onClick={() => onPlacingChange({ kind: "add" })}
          >
            {t("annotations.add")}
          </Button>
        )}
      </Group>
      {placing ? (
        <Alert color="blue" variant="light" icon={<IconClick />} role="status">
          {placing.kind === "add"
            ? t("editor.placeHint")
            : t("editor.moveHint", {
                number: annotations.find((a) => a.annotation_id === placing.id)?.marker.number ?? "",
              })}
        </Alert>
      ) : null}
      {use.canAdd ? null : <LimitNotice limit="annotation" max={use.max} />}
      {annotations.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t("annotations.empty")}
        </Text>
      ) : (
        <Accordion variant="separated" value={selectedId} onChange={onSelect}>
          {annotations.map((a, index) => {
            const isMoving = placing?.kind === "move" && placing.id === a.annotation_id;
            return (
              <AnnotationItem
                key={a.annotation_id}
                annotation={a}
                index={index}
                {...each}
                isMoving={isMoving}
                onEdit={(patch, key) => edit(a.annotation_id, patch, key)}
                onMove={(delta) => onChange(moveAnnotation(annotations, a.annotation_id, delta))}
                onReplace={() => onPlacingChange(isMoving ? null : { kind: "move", id: a.annotation_id })}
                onDelete={() => {
                  onChange(removeAnnotation(annotations, a.annotation_id));
                  if (selectedId === a.annotation_id) onSelect(null);
                }}
              />
            );
          })}
        </Accordion>
      )}
    </Stack>
  );
}
