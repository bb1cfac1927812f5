import { ColorInput, SimpleGrid } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ImageField } from "./ImageField";
import { SectionFrame } from "./SectionFrame";
import { type TSectionProps, useDraft } from "./use-draft";
import { useSectionSave } from "./use-section-save";

/** The public page's cover ratio (wide) and the logo's (square). */
export const COVER_ASPECT = 4;
/** Square logos. */
export const LOGO_ASPECT = 1;

/** Branding: logo and cover (upload, crop, delete, apply changes) and the brand colour. */
export function BrandingSection({ doc, onSaved, onDirty }: TSectionProps) {
  const { t } = useTranslation("channels");
  const { draft, patch, isDirty } = useDraft(
    doc,
    (d) => ({ logo_url: d.logo_url, cover_url: d.cover_url, brand_color: d.brand_color }),
    onDirty,
  );
  const { save, errors, isSaving, status } = useSectionSave(
    doc.user_channel_id,
    "channelInfoUpdated",
    onSaved,
  );
  return (
    <SectionFrame
      title={t("studio.branding.title")}
      hint={t("studio.branding.hint")}
      isDirty={isDirty}
      isSaving={isSaving}
      status={status}
      onSave={() => void save(draft)}
      saveLabel={t("studio.apply")}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ImageField
          label={t("fields.logo")}
          value={draft.logo_url}
          onChange={(logo_url) => patch({ logo_url })}
          purpose="channel_logo"
          aspect={LOGO_ASPECT}
          maxWidth={512}
          error={errors.logo_url}
          testId="logo-upload"
        />
        <div style={{ gridColumn: "span 2" }}>
          <ImageField
            label={t("fields.cover")}
            value={draft.cover_url}
            onChange={(cover_url) => patch({ cover_url })}
            purpose="channel_cover"
            aspect={COVER_ASPECT}
            maxWidth={2000}
            error={errors.cover_url}
            testId="cover-upload"
          />
        </div>
      </SimpleGrid>
      <ColorInput
        label={t("fields.brandColor")}
        description={t("studio.branding.colorHint")}
        value={draft.brand_color}
        onChange={(brand_color) => patch({ brand_color })}
        format="hex"
        error={errors.brand_color}
        maw={260}
      />
    </SectionFrame>
  );
}
