import { Badge, Loader } from "@mantine/core";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";
import type { TContentSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";

/** Props of {@link StatusBadge}. */
export interface StatusBadgeProps {
  status: TContentSummary["status"];
}

const COLORS = { processing: "blue", ready: "teal", failed: "red" } as const;

/** A content's processing state: a spinner while processing, a tick when ready, a warning when failed. */
export function StatusBadge({ status }: StatusBadgeProps) {
  const { t } = useTranslation("content");
  const icon =
    status === "processing" ? (
      <Loader size={10} color="blue" aria-hidden />
    ) : status === "ready" ? (
      <IconCheck size={12} aria-hidden />
    ) : (
      <IconAlertTriangle size={12} aria-hidden />
    );
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      leftSection={icon}
      data-status={status}
      data-testid="content-status"
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
