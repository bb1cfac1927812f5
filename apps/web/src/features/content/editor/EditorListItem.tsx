import {
  Accordion,
  ActionIcon,
  Button,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { ANNOTATION_CONTENT_MAX, ANNOTATION_TITLE_MAX } from "@vitrine/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Props of {@link EditorListItem}. */
export interface EditorListItemProps {
  /** The item's id: its accordion value. */
  value: string;
  /** The number shown before the title. */
  badge: ReactNode;
  title: string;
  content: string;
  labels: { title: string; content: string; moveUp: string; moveDown: string; delete: string };
  /** The content field's rows. */
  rows: { min: number; max?: number };
  onTitle: (title: string) => void;
  onContent: (content: string) => void;
  onSeal: () => void;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
  /** The move buttons name themselves in a tooltip too. */
  hasTooltips?: boolean;
  testIds?: { item: string; title: string; content: string };
  /** Buttons beside the move buttons. */
  actions?: ReactNode;
  /** The item's own fields, between its text and its buttons. */
  children: ReactNode;
}

/**
 * One entry of an ordered editor list (an annotation, a motion step): its number and title as the
 * accordion's control; inside, the title and content, the item's own fields, moving and deleting.
 */
export function EditorListItem({
  value,
  badge,
  title,
  content,
  labels,
  rows,
  onTitle,
  onContent,
  onSeal,
  index,
  count,
  onMove,
  onDelete,
  hasTooltips = false,
  testIds,
  actions,
  children,
}: EditorListItemProps) {
  const { t } = useTranslation("content");
  const move = (delta: -1 | 1, label: string, isDisabled: boolean, icon: ReactNode) => {
    const button = (
      <ActionIcon variant="default" aria-label={label} disabled={isDisabled} onClick={() => onMove(delta)}>
        {icon}
      </ActionIcon>
    );
    return hasTooltips ? <Tooltip label={label}>{button}</Tooltip> : button;
  };
  return (
    <Accordion.Item value={value} data-testid={testIds?.item}>
      <Accordion.Control>
        <Group gap="xs" wrap="nowrap">
          {badge}
          <Text size="sm" fw={600} truncate>
            {title}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <TextInput
            label={labels.title}
            value={title}
            maxLength={ANNOTATION_TITLE_MAX}
            required
            error={title.trim() === "" ? t("rename.empty") : undefined}
            onChange={(e) => onTitle(e.currentTarget.value)}
            onBlur={onSeal}
            data-testid={testIds?.title}
          />
          <Textarea
            label={labels.content}
            value={content}
            maxLength={ANNOTATION_CONTENT_MAX}
            autosize
            minRows={rows.min}
            maxRows={rows.max}
            onChange={(e) => onContent(e.currentTarget.value)}
            onBlur={onSeal}
            data-testid={testIds?.content}
          />
          {children}
          <Group justify="space-between" gap="xs">
            <Group gap={4}>
              {move(-1, labels.moveUp, index === 0, <IconArrowUp size={16} />)}
              {move(1, labels.moveDown, index === count - 1, <IconArrowDown size={16} />)}
              {actions}
            </Group>
            <Button
              size="xs"
              color="red"
              variant="subtle"
              leftSection={<IconTrash size={14} />}
              onClick={onDelete}
            >
              {labels.delete}
            </Button>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
