import { ActionIcon, Button, Group, Loader, Menu, Switch, Text, TextInput, Tooltip } from "@mantine/core";
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconCircleCheck,
  IconDeviceFloppy,
  IconDots,
  IconDownload,
  IconEye,
  IconGauge,
  IconPointFilled,
  IconShare,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./editor.module.css";
import type { TSaveState } from "./use-save";

/** Props of {@link EditorToolbar}. */
export interface EditorToolbarProps {
  title: string;
  onTitleChange: (title: string) => void;
  onTitleBlur: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  isDirty: boolean;
  saveState: TSaveState;
  onSave: () => void;
  isPublic: boolean;
  isPublicBusy: boolean;
  onPublicChange: (isPublic: boolean) => void;
  onPreview: () => void;
  /** Opens the share-link manager (links show the last saved version). */
  onShare: () => void;
  originalUrl: string;
  /** Opens the optimisation report (what processing did to the model). */
  onReport: () => void;
  isCompact: boolean;
}

function SaveStatus({
  isDirty,
  state,
  isCompact,
}: {
  isDirty: boolean;
  state: TSaveState;
  isCompact: boolean;
}) {
  const { t } = useTranslation("content");
  // Phones show the state's icon only; the words stay for screen readers.
  const textProps = isCompact ? { className: classes.srOnly } : {};
  if (state.kind === "saving") {
    return (
      <Group gap={4} wrap="nowrap">
        <Loader size={12} />
        <Text size="xs" {...textProps}>
          {t("editor.saving")}
        </Text>
      </Group>
    );
  }
  if (state.kind === "failed" || state.kind === "limit") {
    return (
      <Group gap={4} wrap="nowrap" c="red.8">
        <IconAlertCircle size={14} aria-hidden />
        <Text size="xs" {...textProps}>
          {t("editor.saveFailed")}
        </Text>
      </Group>
    );
  }
  return isDirty ? (
    <Group gap={4} wrap="nowrap" c="orange.8">
      <IconPointFilled size={14} aria-hidden />
      <Text size="xs" {...textProps}>
        {t("editor.unsaved")}
      </Text>
    </Group>
  ) : (
    <Group gap={4} wrap="nowrap" c="teal.8">
      <IconCircleCheck size={14} aria-hidden />
      <Text size="xs" {...textProps}>
        {t("editor.saved")}
      </Text>
    </Group>
  );
}

/** The editor's top bar: back, title, save state, undo/redo, public switch, preview, share, download, save. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation("content");
  const { isCompact } = props;
  return (
    <div className={classes.toolbar} data-compact={isCompact || undefined}>
      <Tooltip label={t("editor.back")}>
        <ActionIcon
          component={Link}
          to="/Studio/user/contents"
          variant="subtle"
          color="gray"
          aria-label={t("editor.back")}
          className={classes.first}
        >
          <IconArrowLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <TextInput
        className={classes.titleInput}
        aria-label={t("editor.titleLabel")}
        value={props.title}
        maxLength={100}
        onChange={(e) => props.onTitleChange(e.currentTarget.value)}
        onBlur={props.onTitleBlur}
        error={props.title.trim() === ""}
        size="sm"
        fw={600}
        data-testid="editor-title"
      />
      <div role="status" aria-live="polite" data-testid="save-status" data-state={props.saveState.kind}>
        <SaveStatus isDirty={props.isDirty} state={props.saveState} isCompact={isCompact} />
      </div>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t("editor.undoHint")}>
          <ActionIcon
            variant="default"
            aria-label={t("editor.undo")}
            disabled={!props.canUndo}
            onClick={props.onUndo}
          >
            <IconArrowBackUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("editor.redoHint")}>
          <ActionIcon
            variant="default"
            aria-label={t("editor.redo")}
            disabled={!props.canRedo}
            onClick={props.onRedo}
          >
            <IconArrowForwardUp size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Tooltip label={t("editor.publicHint")}>
        <Switch
          label={t("editor.public")}
          checked={props.isPublic}
          disabled={props.isPublicBusy}
          onChange={(e) => props.onPublicChange(e.currentTarget.checked)}
          data-testid="public-switch"
        />
      </Tooltip>
      {isCompact ? null : (
        <Button variant="default" size="sm" leftSection={<IconEye size={16} />} onClick={props.onPreview}>
          {t("editor.preview")}
        </Button>
      )}
      {isCompact ? null : (
        <Tooltip label={t("editor.shareHint")}>
          <Button variant="default" size="sm" leftSection={<IconShare size={16} />} onClick={props.onShare}>
            {t("editor.share")}
          </Button>
        </Tooltip>
      )}
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="default" aria-label={t("editor.more")}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {isCompact ? (
            <Menu.Item leftSection={<IconEye size={16} />} onClick={props.onPreview}>
              {t("editor.preview")}
            </Menu.Item>
          ) : null}
          {isCompact ? (
            <Menu.Item leftSection={<IconShare size={16} />} onClick={props.onShare}>
              {t("editor.share")}
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<IconGauge size={16} />} onClick={props.onReport}>
            {t("report.open")}
          </Menu.Item>
          <Menu.Item component="a" href={props.originalUrl} download leftSection={<IconDownload size={16} />}>
            {t("editor.download")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={t("editor.saveHint")}>
        <Button
          size="sm"
          className={classes.saveButton}
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={props.onSave}
          loading={props.saveState.kind === "saving"}
          data-testid="save-button"
        >
          {t("editor.save")}
        </Button>
      </Tooltip>
    </div>
  );
}
