import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Props of {@link ConnectSection}. */
export interface ConnectSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  children: ReactNode;
}

/** One titled section of the connecting form, on its own card. */
export function ConnectSection({ id, title, children }: ConnectSectionProps) {
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
