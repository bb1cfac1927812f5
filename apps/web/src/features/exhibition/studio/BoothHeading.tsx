import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import type { TBoothOwnerDoc } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TLanguage } from "../../../stores/language";
import { boothPath, textIn } from "../lib/texts";

/** Props of {@link BoothHeading}. */
export interface BoothHeadingProps {
  doc: TBoothOwnerDoc;
  lang: TLanguage;
}

/** The booth's exhibition and slot, with the way to its page once it is open (else "requested"). */
export function BoothHeading({ doc, lang }: BoothHeadingProps) {
  const { t } = useTranslation("exhibition");
  const { exhibition } = doc;
  return (
    <Group justify="space-between" gap="xs">
      <Stack gap={0}>
        <Title order={3} size="h4">
          {textIn(exhibition.name, lang)}
        </Title>
        <Text size="sm" c="dimmed">
          {doc.slot ? t("hall.slot", { label: doc.slot.label }) : t("studio.waiting")}
        </Text>
      </Stack>
      {doc.status === "active" && exhibition.published ? (
        <Anchor
          component={Link}
          to={boothPath(exhibition.exhibition_id, doc.booth_id)}
          target="_blank"
          size="sm"
        >
          {t("studio.open")}
        </Anchor>
      ) : (
        <Badge color="yellow" variant="light">
          {t("studio.requested")}
        </Badge>
      )}
    </Group>
  );
}
