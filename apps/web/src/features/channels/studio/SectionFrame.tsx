import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TSaveStatus } from "./use-section-save";

/** Props of {@link SectionFrame}. */
export interface SectionFrameProps {
  title: string;
  /** One line on what the section is for. */
  hint?: string;
  children: ReactNode;
  isDirty: boolean;
  isSaving: boolean;
  /** The last save's outcome. */
  status: TSaveStatus | null;
  onSave: () => void;
  /** The save button's words; 'Apply changes' for branding. */
  saveLabel?: string;
}

/** One studio section: title, fields, and its own save button with the outcome beside it. */
export function SectionFrame({
  title,
  hint,
  children,
  isDirty,
  isSaving,
  status,
  onSave,
  saveLabel,
}: SectionFrameProps) {
  const { t } = useTranslation("channels");
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        noValidate
      >
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {title}
            </Title>
            {hint ? (
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            ) : null}
          </Stack>
          {children}
          <Group justify="space-between" gap="sm">
            {status?.isError ? (
              <Text size="sm" role="alert" c="red">
                {status.text}
              </Text>
            ) : (
              <Text size="sm" role="status" c={isDirty ? "orange" : "teal"}>
                {isDirty ? t("studio.unsaved") : (status?.text ?? "")}
              </Text>
            )}
            <Button type="submit" loading={isSaving} disabled={!isDirty}>
              {saveLabel ?? t("studio.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
