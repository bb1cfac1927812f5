import { Alert, Anchor, Grid, Stack, Text } from "@mantine/core";
import type { TBoothAllowance, TBoothOwnerDoc, TBoothProduct } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TLanguage } from "../../../stores/language";
import { BoothActions } from "./BoothActions";
import { BoothFasciaFields } from "./BoothFasciaFields";
import { BoothHeading } from "./BoothHeading";
import { BoothMediaFields } from "./BoothMediaFields";
import { BoothPitchFields } from "./BoothPitchFields";
import { BoothPreview } from "./BoothPreview";
import { BoothSection } from "./BoothSection";
import { ProductPicker } from "./ProductPicker";
import { UpgradeNote } from "./UpgradeNote";
import { useBoothEditor } from "./use-booth-editor";

/** Props of {@link BoothEditor}. */
export interface BoothEditorProps {
  doc: TBoothOwnerDoc;
  allowance: TBoothAllowance;
  /** The owner's ready contents. */
  ready: readonly TBoothProduct[];
  lang: TLanguage;
  onSaved: (doc: TBoothOwnerDoc) => void;
  onDeleted: (boothId: string) => void;
}

/**
 * Dressing one booth: fascia, products, media, pitch, with a live preview of its page. The state
 * lives in `use-booth-editor.ts`; this file lays out the sections.
 */
export function BoothEditor({ doc, allowance, ready, lang, onSaved, onDeleted }: BoothEditorProps) {
  const { t } = useTranslation("exhibition");
  const booth = useBoothEditor({ doc, allowance, ready, lang, onSaved });
  const { draft, patch, errors } = booth;
  const { categories } = doc.exhibition;
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="md">
          <BoothHeading doc={doc} lang={lang} />
          <BoothSection gap="sm">
            <BoothFasciaFields
              draft={draft}
              errors={errors}
              categories={categories}
              lang={lang}
              onChange={patch}
            />
          </BoothSection>
          <BoothSection title={t("studio.products")} gap="xs">
            <ProductPicker
              ready={ready}
              value={draft.product_ids}
              hero={draft.hero_content_id}
              max={allowance.products}
              onChange={(ids, hero) => patch({ product_ids: ids, hero_content_id: hero })}
            />
            {errors.hero_content_id ? (
              <Text c="red" size="sm">
                {errors.hero_content_id}
              </Text>
            ) : null}
          </BoothSection>
          <BoothSection title={t("studio.pitch")} gap="sm">
            <BoothPitchFields pitch={draft.pitch} errors={errors} onChange={(pitch) => patch({ pitch })} />
          </BoothSection>
          <BoothSection title={t("studio.media")} gap="xs">
            <BoothMediaFields
              images={draft.image_urls}
              video={draft.video_url}
              documents={draft.documents}
              canVideo={allowance.video}
              onImages={(image_urls) => patch({ image_urls })}
              onVideo={(video_url) => patch({ video_url })}
              onDocuments={(documents) => patch({ documents })}
            />
          </BoothSection>
          <Text size="sm" c="dimmed">
            {t("studio.fromChannel")}{" "}
            <Anchor component={Link} to="/Studio/user/channel">
              {t("studio.channelSection")}
            </Anchor>
          </Text>
          {booth.limit ? <UpgradeNote text={booth.limit} /> : null}
          {booth.failure ? (
            <Alert color="red" role="alert">
              {booth.failure}
            </Alert>
          ) : null}
          <BoothActions
            boothId={doc.booth_id}
            isSaving={booth.isSaving}
            isDirty={booth.isDirty}
            onSave={() => void booth.save()}
            onDeleted={onDeleted}
            onFailure={booth.setFailure}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <BoothPreview
          preview={booth.preview}
          categories={categories}
          lang={lang}
          shownId={booth.shownId}
          shown={booth.shown}
          onSelect={booth.setSelected}
        />
      </Grid.Col>
    </Grid>
  );
}
