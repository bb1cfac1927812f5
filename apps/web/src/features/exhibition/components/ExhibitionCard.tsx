import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import type { TExhibitionDoc } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TLanguage } from "../../../stores/language";
import { periodOf, textIn } from "../lib/texts";

/** Props of {@link ExhibitionCard}. */
export interface ExhibitionCardProps {
  doc: TExhibitionDoc;
  lang: TLanguage;
}

const STATE_COLOR = { open: "green", upcoming: "blue", closed: "gray" } as const;

/** One exhibition in the `/ShowRoom` list: name, dates, state, booths and the way in. */
export function ExhibitionCard({ doc, lang }: ExhibitionCardProps) {
  const { t } = useTranslation("exhibition");
  const name = textIn(doc.name, lang);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-label={name}
      style={{ borderTop: `6px solid ${doc.theme_color ?? "var(--mantine-color-blue-6)"}` }}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4">
            {name}
          </Title>
          <Badge color={STATE_COLOR[doc.state]} variant="light" style={{ flexShrink: 0 }}>
            {t(`state.${doc.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {periodOf(doc, lang)} · {t("list.booths", { count: doc.booth_count })}
        </Text>
        <Text size="sm" lineClamp={3} style={{ flexGrow: 1 }}>
          {textIn(doc.description, lang)}
        </Text>
        <Group>
          <Button
            component={Link}
            to={`/ShowRoom/${encodeURIComponent(doc.exhibition_id)}`}
            rightSection={<IconArrowRight size={16} />}
            variant={doc.state === "closed" ? "default" : "filled"}
          >
            {doc.state === "closed" ? t("list.browse") : t("list.enter")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
