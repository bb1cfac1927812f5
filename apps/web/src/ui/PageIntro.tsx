import { Container, type ContainerProps, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { PageTitle } from "./PageTitle";

/** Props of {@link PageIntro}. */
export interface PageIntroProps {
  /** Page title (document title and the one h1), already translated. */
  title: string;
  /** One sentence under the title, already translated. */
  lead?: string;
  /** Something beside the title (a button), right-aligned on wide screens. */
  aside?: ReactNode;
  /** The page's body. */
  children: ReactNode;
  /** Container width. */
  size?: ContainerProps["size"];
}

/** The frame of a public content page: title, lead, then the body, with even spacing. */
export function PageIntro({ title, lead, aside, children, size = "lg" }: PageIntroProps) {
  return (
    <Container size={size} py={{ base: "lg", sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={6}>
          <Group justify="space-between" align="center" gap="sm">
            <PageTitle title={title} />
            {aside}
          </Group>
          {lead ? (
            <Text c="dimmed" size="lg" maw={720}>
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
