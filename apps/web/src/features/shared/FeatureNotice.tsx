import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconHourglassHigh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** Props of {@link FeatureNotice}. */
export interface FeatureNoticeProps {
  /** Short heading, already translated. */
  title: string;
  /** One or two sentences, already translated. */
  text: string;
  /** Icon shown above the title; an hourglass when omitted. */
  icon?: ReactNode;
  /** Optional in-app link under the text. */
  link?: { to: string; label: string };
  /** Heading level of the title; the page's own h1 comes from PageTitle, so default 2. */
  order?: 2 | 3;
}

/** The one "this feature is not open yet" panel, so every page says it the same way. */
export function FeatureNotice({ title, text, icon, link, order = 2 }: FeatureNoticeProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "lg", sm: "xl" }}
      role="status"
      // The panel may sit on a dark surface (share page) whose text colour it must not inherit.
      c="var(--mantine-color-text)"
    >
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon ?? <IconHourglassHigh size={30} stroke={1.6} />}
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
