import { Badge, Card, Group, Text } from "@mantine/core";
import { IconEye, IconStarFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./channel.module.css";

/** One card: a content, optionally with the channel it belongs to. */
export interface TContentCardItem {
  content_id: string;
  title: string;
  thumbnail_url: string | null;
  views: number;
  is_featured: boolean;
  /** Where the card leads. */
  href: string;
  /** The channel line under the title (feed, showcase). */
  channel?: { name: string; href: string; logoUrl: string | null };
}

/** Props of {@link ContentCardGrid}. */
export interface ContentCardGridProps {
  items: readonly TContentCardItem[];
}

/** Content cards with thumbnail, title and views, two columns on phones. */
export function ContentCardGrid({ items }: ContentCardGridProps) {
  const { t } = useTranslation("channels");
  return (
    <ul className={classes.grid} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.content_id}>
          <Card withBorder radius="md" padding={0} className={classes.card}>
            <Link to={item.href} className={classes.thumbLink} tabIndex={-1} aria-hidden>
              {item.thumbnail_url ? (
                <img src={item.thumbnail_url} alt="" className={classes.thumb} loading="lazy" />
              ) : (
                <div className={classes.thumb} aria-hidden />
              )}
            </Link>
            <div style={{ padding: "var(--mantine-spacing-sm)" }}>
              <Text fw={600} lineClamp={2} component={Link} to={item.href} c="inherit" td="none">
                {item.title}
              </Text>
              {item.channel ? (
                <Text size="sm" c="dimmed" component={Link} to={item.channel.href} td="none" lineClamp={1}>
                  {item.channel.name}
                </Text>
              ) : null}
              <Group gap={6} mt={4}>
                <Group gap={4} c="dimmed">
                  <IconEye size={14} aria-hidden />
                  <Text size="xs">{t("views", { count: item.views })}</Text>
                </Group>
                {item.is_featured ? (
                  <Badge size="xs" variant="light" leftSection={<IconStarFilled size={10} aria-hidden />}>
                    {t("featured")}
                  </Badge>
                ) : null}
              </Group>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
