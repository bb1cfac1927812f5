import { Button, Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";

/** Props of {@link ConsoleForm}. */
export interface ConsoleFormProps {
  /** Runs the action (the page's `useAdminAction`). */
  onSubmit: () => Promise<void> | void;
  submitLabel: string;
  isBusy: boolean;
  isSubmitDisabled?: boolean;
  /** The fields. */
  children: ReactNode;
}

/** The frame of a console action's form: its fields, then the submit button at the end. */
export function ConsoleForm({ onSubmit, submitLabel, isBusy, isSubmitDisabled, children }: ConsoleFormProps) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      noValidate
    >
      <Stack gap="sm">
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={isBusy} disabled={isSubmitDisabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
