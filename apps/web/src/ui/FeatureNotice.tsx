import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** Props of {@link FeatureNotice}. */
export interface FeatureNoticeProps {
  /** Short heading, already translated. */
  title: string;
  /** One or two sentences, already translated. */
  text: string;
  /** Icon shown above the title: what the panel is about (a lock for a refusal, a link…). */
  icon: ReactNode;
  /** Optional in-app link under the text. */
  link?: { to: string; label: string };
  /** Heading level of the title; the page's own h1 comes from PageTitle, so default 2. */
  order?: 2 | 3;
}

/**
 * A panel that explains where something is, or why it is not shown to this user, and leads there
 * (the studio's Share links section, the console for a non-operator). Nothing in the product is
 * "not open yet": every panel names the place where the work is done.
 */
export function FeatureNotice({ title, text, icon, link, order = 2 }: FeatureNoticeProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "lg", sm: "xl" }}
      role="status"
      // The panel keeps the theme's text colour whatever surface it sits on.
      c="var(--mantine-color-text)"
    >
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={order} size="h3">
          {title}
        </Title>
        <Text c="dimmed" maw={560}>
          {text}
        </Text>
        {link ? (
          <Anchor component={Link} to={link.to} fw={600}>
            {link.label}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
