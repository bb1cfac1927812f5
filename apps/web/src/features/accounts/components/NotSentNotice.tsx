import { Alert } from "@mantine/core";
import { IconClockPause } from "@tabler/icons-react";

/** Props of {@link NotSentNotice}. */
export interface NotSentNoticeProps {
  /** What did not happen, already translated; nothing is shown while `null`. */
  message: string | null;
}

/** Said after a valid submit: the form is fine, but accounts are not open, so nothing was sent. */
export function NotSentNotice({ message }: NotSentNoticeProps) {
  if (message === null) return null;
  return (
    <Alert role="alert" variant="light" color="blue" icon={<IconClockPause />}>
      {message}
    </Alert>
  );
}
