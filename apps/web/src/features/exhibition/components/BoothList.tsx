import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import type { TBoothCard, TExhibitionCategory } from "@vitrine/contract";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TLanguage } from "../../../stores/language";
import { boothName, boothPath, categoryName } from "../lib/texts";
import classes from "./exhibition.module.css";

/** Props of {@link BoothList}. */
export interface BoothListProps {
  booths: readonly TBoothCard[];
  categories: readonly TExhibitionCategory[];
  lang: TLanguage;
}

/**
 * The exhibition as a plain list of booths: no WebGL, every booth one link in reading order
 * (slot order), so keyboards, screen readers and browsers without WebGL reach every booth.
 */
export function BoothList({ booths, categories, lang }: BoothListProps) {
  const { t } = useTranslation("exhibition");
  if (booths.length === 0) return <Text c="dimmed">{t("hall.noBooths")}</Text>;
  return (
    <ul className={classes.boothList} aria-label={t("hall.listLabel")}>
      {booths.map((booth) => {
        const name = boothName(booth);
        const poster = booth.hero?.thumbnail_url ?? booth.image_urls[0] ?? null;
        return (
          <li key={booth.booth_id}>
            <Paper
              withBorder
              radius="md"
              p="sm"
              component={Link}
              to={boothPath(booth.exhibition_id, booth.booth_id)}
              className={classes.boothCard}
              style={{ "--booth-color": booth.booth_color } as CSSProperties}
              data-testid="booth-link"
            >
              {poster ? (
                <img className={classes.boothThumb} src={poster} alt="" loading="lazy" />
              ) : (
                <span className={classes.boothThumb} aria-hidden />
              )}
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={700} lineClamp={1}>
                  {name}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {booth.channel.channel_name}
                </Text>
                <Group gap={4}>
                  {booth.slot ? (
                    <Badge size="sm" variant="outline" color="gray">
                      {t("hall.slot", { label: booth.slot.label })}
                    </Badge>
                  ) : null}
                  {booth.category ? (
                    <Badge size="sm" variant="light">
                      {categoryName(categories, booth.category, lang)}
                    </Badge>
                  ) : null}
                  <Badge size="sm" variant="light" color="gray">
                    {t("hall.products", { count: booth.product_count })}
                  </Badge>
                </Group>
                {booth.pitch ? (
                  <Text size="sm" lineClamp={2}>
                    {booth.pitch}
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          </li>
        );
      })}
    </ul>
  );
}
