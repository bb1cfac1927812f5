import { Textarea } from "@mantine/core";
import { EXHIBITION_TEXT_MAX } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import type { TBoothDraft } from "./draft";

/** Props of {@link BoothPitchFields}. */
export interface BoothPitchFieldsProps {
  pitch: TBoothDraft["pitch"];
  errors: Record<string, string>;
  onChange: (pitch: TBoothDraft["pitch"]) => void;
}

/** The booth's pitch in English and in Korean (visitors read theirs, else the other). */
export function BoothPitchFields({ pitch, errors, onChange }: BoothPitchFieldsProps) {
  const { t } = useTranslation("exhibition");
  return (
    <>
      {(["en", "ko"] as const).map((lang) => (
        <Textarea
          key={lang}
          label={lang === "en" ? t("studio.pitchEn") : t("studio.pitchKo")}
          value={pitch[lang]}
          autosize
          minRows={3}
          maxLength={EXHIBITION_TEXT_MAX.pitch}
          onChange={(e) => onChange({ ...pitch, [lang]: e.currentTarget.value })}
          error={errors[`pitch.${lang}`]}
        />
      ))}
    </>
  );
}
