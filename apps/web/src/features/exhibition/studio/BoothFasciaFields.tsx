import { ColorInput, Select, TextInput } from "@mantine/core";
import { EXHIBITION_TEXT_MAX, type TExhibitionCategory } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import type { TLanguage } from "../../../stores/language";
import { textIn } from "../lib/texts";
import type { TBoothDraft } from "./draft";

/** Props of {@link BoothFasciaFields}. */
export interface BoothFasciaFieldsProps {
  draft: TBoothDraft;
  errors: Record<string, string>;
  /** The exhibition's categories; the category field shows only when there are some. */
  categories: readonly TExhibitionCategory[];
  lang: TLanguage;
  onChange: (part: Partial<TBoothDraft>) => void;
}

/** The booth's fascia: the logo text, the booth colour and the exhibition category. */
export function BoothFasciaFields({ draft, errors, categories, lang, onChange }: BoothFasciaFieldsProps) {
  const { t } = useTranslation("exhibition");
  return (
    <>
      <TextInput
        label={t("studio.logoText")}
        description={t("studio.logoTextHint")}
        value={draft.logo_text}
        maxLength={EXHIBITION_TEXT_MAX.logo_text}
        onChange={(e) => onChange({ logo_text: e.currentTarget.value })}
        error={errors.logo_text}
      />
      <ColorInput
        label={t("studio.color")}
        value={draft.booth_color}
        onChange={(v) => onChange({ booth_color: v })}
        format="hex"
        error={errors.booth_color}
      />
      {categories.length > 0 ? (
        <Select
          label={t("studio.category")}
          data={categories.map((c) => ({ value: c.key, label: textIn(c.name, lang) }))}
          value={draft.category}
          onChange={(v) => onChange({ category: v })}
          clearable
          error={errors.category}
        />
      ) : null}
    </>
  );
}
