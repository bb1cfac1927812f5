import { Anchor, Card, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import classes from "./home.module.css";

/** Props of {@link IconCard}. */
export interface IconCardProps {
  /** Icon inside the coloured badge. */
  icon: ReactNode;
  /** Card title (an h3), already translated. */
  title: string;
  /** Card text, already translated. */
  text: string;
  /** Mantine colour of the icon badge. */
  color?: string;
  /** Optional in-app link at the bottom. */
  link?: { to: string; label: string };
}

/** A feature card: icon, h3, text and an optional link. */
export function IconCard({ icon, title, text, color = "indigo", link }: IconCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card}>
      <ThemeIcon size={44} radius="md" variant="light" color={color} mb="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4" mb={6}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" style={{ flexGrow: 1 }}>
        {text}
      </Text>
      {link ? (
        <Anchor component={Link} to={link.to} fw={600} size="sm" mt="md">
          {link.label}
        </Anchor>
      ) : null}
    </Card>
  );
}
