import { Alert, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Props of {@link RequestFormFrame}. */
export interface RequestFormFrameProps {
  /** Sends the form (`useRequestSubmit`). */
  onSubmit: () => Promise<void>;
  /** Why the last send failed. */
  failure: string | null;
  /** The heading inside the frame, when the page has none above it. */
  title?: string;
  /** The frame's padding on wider screens. */
  padding: "lg" | "xl";
  /** The fields, the files and the buttons. */
  children: ReactNode;
}

/** The frame of a request form with files: a bordered form, its failure on top, then its fields. */
export function RequestFormFrame({ onSubmit, failure, title, padding, children }: RequestFormFrameProps) {
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: padding }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        noValidate
      >
        <Stack gap="md">
          {title ? (
            <Title order={2} size="h4">
              {title}
            </Title>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
