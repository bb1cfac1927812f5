import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import {
  IconArrowDown,
  IconArrowUp,
  IconCamera,
  IconClick,
  IconMapPinPlus,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import {
  ANNOTATION_CONTENT_MAX,
  ANNOTATION_TITLE_MAX,
  countLimit,
  type TAnnotation,
  type TCameraView,
  type TPlanLevel,
} from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { LimitNotice } from "../../../../ui/LimitNotice";
import { limitUse } from "../../lib/limits";
import { moveAnnotation, removeAnnotation, updateAnnotation } from "../../lib/list-order";
import { MediaList } from "../MediaList";

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
  const imageMax = Math.min(countLimit(level, "annotation_image"), 10);
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
          {annotations.map((a, index) => (
            <Accordion.Item key={a.annotation_id} value={a.annotation_id} data-testid="annotation-item">
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap">
                  <Badge circle size="lg" variant="filled">
                    {a.marker.number}
                  </Badge>
                  <Text size="sm" fw={600} truncate>
                    {a.title}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <TextInput
                    label={t("annotations.title")}
                    value={a.title}
                    maxLength={ANNOTATION_TITLE_MAX}
                    required
                    error={a.title.trim() === "" ? t("rename.empty") : undefined}
                    onChange={(e) =>
                      edit(a.annotation_id, { title: e.currentTarget.value }, `ann.${a.annotation_id}.title`)
                    }
                    onBlur={onSeal}
                    data-testid="annotation-title"
                  />
                  <Textarea
                    label={t("annotations.content")}
                    value={a.content}
                    maxLength={ANNOTATION_CONTENT_MAX}
                    autosize
                    minRows={3}
                    maxRows={10}
                    onChange={(e) =>
                      edit(
                        a.annotation_id,
                        { content: e.currentTarget.value },
                        `ann.${a.annotation_id}.content`,
                      )
                    }
                    onBlur={onSeal}
                    data-testid="annotation-content"
                  />
                  <MediaList
                    label={t("annotations.images")}
                    urls={a.images}
                    onChange={(images) => edit(a.annotation_id, { images })}
                    kind="image"
                    purpose="annotation"
                    contentId={contentId}
                    max={imageMax}
                  />
                  {imageMax === 0 ? <LimitNotice limit="annotation_image" max={0} /> : null}
                  <MediaList
                    label={t("annotations.videos")}
                    urls={a.videos}
                    onChange={(videos) => edit(a.annotation_id, { videos })}
                    kind="video"
                    purpose="annotation"
                    contentId={contentId}
                    max={3}
                  />
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t("annotations.view")}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.axis ? t("annotations.viewSet") : t("annotations.viewNone")}
                    </Text>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconCamera size={14} />}
                        onClick={() => {
                          const view = getCameraView();
                          if (view) edit(a.annotation_id, { axis: view });
                        }}
                      >
                        {t("annotations.useView")}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={a.axis === null}
                        onClick={() => edit(a.annotation_id, { axis: null })}
                      >
                        {t("annotations.clearView")}
                      </Button>
                    </Group>
                  </Stack>
                  <Group gap="xs" justify="space-between">
                    <Group gap={4}>
                      <Tooltip label={t("annotations.moveUp")}>
                        <ActionIcon
                          variant="default"
                          aria-label={t("annotations.moveUp")}
                          disabled={index === 0}
                          onClick={() => onChange(moveAnnotation(annotations, a.annotation_id, -1))}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t("annotations.moveDown")}>
                        <ActionIcon
                          variant="default"
                          aria-label={t("annotations.moveDown")}
                          disabled={index === annotations.length - 1}
                          onClick={() => onChange(moveAnnotation(annotations, a.annotation_id, 1))}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Button
                        size="xs"
                        variant={
                          placing?.kind === "move" && placing.id === a.annotation_id ? "filled" : "default"
                        }
                        leftSection={<IconClick size={14} />}
                        onClick={() =>
                          onPlacingChange(
                            placing?.kind === "move" && placing.id === a.annotation_id
                              ? null
                              : { kind: "move", id: a.annotation_id },
                          )
                        }
                      >
                        {t("annotations.replace")}
                      </Button>
                    </Group>
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => {
                        onChange(removeAnnotation(annotations, a.annotation_id));
                        if (selectedId === a.annotation_id) onSelect(null);
                      }}
                    >
                      {t("annotations.delete")}
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
