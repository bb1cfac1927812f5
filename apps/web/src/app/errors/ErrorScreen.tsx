import { Center, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";
import { PageTitle } from "../../ui/PageTitle";

/** Props of {@link ErrorScreen}. */
export interface ErrorScreenProps {
  /** Big status text above the title (e.g. 404). */
  code?: string;
  /** Icon shown when there is no code. */
  icon?: ReactNode;
  /** The h1. */
  title: string;
  /** What happened. */
  body: string;
  /** What to do. */
  hint: string;
  /** Buttons. */
  actions: ReactNode;
}

/** The shared look of the error pages: code or icon, title, two lines, actions. */
export function ErrorScreen({ code, icon, title, body, hint, actions }: ErrorScreenProps) {
  return (
    <Center mih="70vh" px="md" py={64}>
      <Stack align="center" gap="md" maw={560} ta="center">
        {code ? (
          <Text
            fz={{ base: 72, sm: 110 }}
            fw={900}
            lh={1}
            variant="gradient"
            gradient={{ from: "brand.4", to: "brand.8", deg: 135 }}
            aria-hidden
          >
            {code}
          </Text>
        ) : (
          <ThemeIcon size={72} radius="xl" variant="light" color="red">
            {icon}
          </ThemeIcon>
        )}
        <PageTitle title={title} fz={{ base: 26, sm: 32 }} />
        <Text size="lg">{body}</Text>
        <Text c="dimmed">{hint}</Text>
        <Group justify="center" mt="sm">
          {actions}
        </Group>
      </Stack>
    </Center>
  );
}
