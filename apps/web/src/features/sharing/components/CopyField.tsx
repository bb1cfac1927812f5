import { ActionIcon, Button, Group, TextInput, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCopy, IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { copyText } from "../lib/copy-text";

/** Props of {@link CopyField}. */
export interface CopyFieldProps {
  /** The text to show and copy. */
  value: string;
  /** Accessible name of the field, already translated. */
  label: string;
  /** The copy button's words, already translated. */
  copyLabel: string;
  /** The toast after a copy, already translated. */
  copiedMessage: string;
  /** Shows an "Open" action that opens `value` in a new tab. */
  canOpen?: boolean;
  "data-testid"?: string;
}

/** A read-only address with a copy button (clipboard + toast) and, optionally, an open action. */
export function CopyField({
  value,
  label,
  copyLabel,
  copiedMessage,
  canOpen = false,
  "data-testid": testId,
}: CopyFieldProps) {
  const { t } = useTranslation("sharing");
  const handleCopy = async () => {
    const isCopied = await copyText(value);
    notifications.show(
      isCopied
        ? { color: "teal", message: copiedMessage }
        : { color: "red", message: t("manager.copyFailed") },
    );
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        aria-label={label}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        size="xs"
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        data-testid={testId}
      />
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCopy size={14} />}
        onClick={() => void handleCopy()}
      >
        {copyLabel}
      </Button>
      {canOpen ? (
        <Tooltip label={t("manager.open")}>
          <ActionIcon
            component="a"
            href={value}
            target="_blank"
            rel="noopener"
            variant="subtle"
            size="lg"
            aria-label={t("manager.open")}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
