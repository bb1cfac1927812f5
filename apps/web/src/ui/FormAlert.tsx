import { Alert } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** Props of {@link FormAlert}. */
export interface FormAlertProps {
  /** The message, already translated; nothing is shown while `null`. */
  message: ReactNode | null;
  /** A failure (red) or a confirmation (green). */
  tone?: "error" | "success";
  /** Optional bold first line. */
  title?: string;
}

/** A form's one message about the whole form (not one field): errors are announced as alerts. */
export function FormAlert({ message, tone = "error", title }: FormAlertProps) {
  if (message === null) return null;
  const isError = tone === "error";
  return (
    <Alert
      role={isError ? "alert" : "status"}
      variant="light"
      color={isError ? "red" : "teal"}
      title={title}
      icon={isError ? <IconAlertCircle /> : <IconCircleCheck />}
      styles={{ message: { color: "var(--mantine-color-text)" } }}
    >
      {message}
    </Alert>
  );
}
