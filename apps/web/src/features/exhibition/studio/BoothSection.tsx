import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Props of {@link BoothSection}. */
export interface BoothSectionProps {
  /** The section's heading; none for the fascia, the first section. */
  title?: string;
  gap: "xs" | "sm";
  children: ReactNode;
}

/** One framed section of the booth editor (fascia, products, pitch, media). */
export function BoothSection({ title, gap, children }: BoothSectionProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={gap}>
        {title ? (
          <Title order={4} size="h5">
            {title}
          </Title>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
