import { Group, Paper, Stack, Text } from "@mantine/core";
import type { TBoothPage, TBoothProduct, TExhibitionCategory } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import type { TLanguage } from "../../../stores/language";
import { BoothBody } from "../components/BoothBody";
import classes from "../components/exhibition.module.css";

/** Props of {@link BoothPreview}. */
export interface BoothPreviewProps {
  /** The booth page with the draft saved. */
  preview: TBoothPage;
  categories: readonly TExhibitionCategory[];
  lang: TLanguage;
  shownId: string | null;
  /** The product on the stage; its poster stands in for the 3D view. */
  shown: TBoothProduct | undefined;
  onSelect: (contentId: string) => void;
}

/** The live preview of the booth page, kept in view beside the editor. */
export function BoothPreview({ preview, categories, lang, shownId, shown, onSelect }: BoothPreviewProps) {
  const { t } = useTranslation("exhibition");
  return (
    <Stack
      gap="xs"
      component="section"
      aria-label={t("studio.preview")}
      style={{ position: "sticky", top: 16 }}
    >
      <Text size="sm" fw={600} c="dimmed">
        {t("studio.preview")}
      </Text>
      <Paper withBorder radius="lg" p="sm" data-testid="booth-preview">
        <BoothBody
          doc={preview}
          categories={categories}
          lang={lang}
          headingOrder={2}
          selectedId={shownId}
          onSelect={onSelect}
          stage={
            <div className={classes.stage} style={{ height: 260, minHeight: 200 }}>
              {shown?.thumbnail_url ? (
                <img className={classes.poster} src={shown.thumbnail_url} alt={shown.title} />
              ) : (
                <Group h="100%" justify="center" p="md">
                  <Text c="gray.3" ta="center">
                    {shown ? shown.title : t("booth.noProducts")}
                  </Text>
                </Group>
              )}
            </div>
          }
        />
      </Paper>
    </Stack>
  );
}
