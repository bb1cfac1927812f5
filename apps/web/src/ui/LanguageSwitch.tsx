import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeLanguage, resolveLanguage } from "../i18n";
import { isLanguage } from "../stores/language";

/** Props of {@link LanguageSwitch}. */
export interface LanguageSwitchProps {
  /** Control size. */
  size?: "xs" | "sm" | "md";
  /** Stretch to the container's width (drawer). */
  isFullWidth?: boolean;
}

/** 한국어 / English switch: changes the language and keeps the choice (`i18nextLng`). */
export function LanguageSwitch({ size = "xs", isFullWidth = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  // The instance in context (the app's, or the build's prerender of `/` in one language).
  const value = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <SegmentedControl
      key={i18n.language}
      size={size}
      radius="xl"
      fullWidth={isFullWidth}
      value={value}
      aria-label={t("language.label")}
      data-testid="language-switch"
      onChange={(next) => {
        if (isLanguage(next)) void changeLanguage(next);
      }}
      data={[
        { value: "ko", label: t("language.ko") },
        { value: "en", label: t("language.en") },
      ]}
    />
  );
}
