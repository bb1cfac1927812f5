import { useId } from "react";
import { useTranslation } from "react-i18next";
import { changeLanguage, resolveLanguage, SUPPORTED_LANGUAGES } from "../i18n";
import classes from "./language-switch.module.css";

/**
 * 한국어 / English switch: changes the language and keeps the choice (`i18nextLng`).
 *
 * Two radios on a track, drawn by CSS alone: nothing is measured when it mounts, so the app's
 * first commit over the prerendered `/` forces no layout (issue 17). Before the app has taken the
 * prerendered page over, `public/home-start.js` reads a choice made here from the radio's `change`.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const name = useId();
  // The instance in context (the app's, or the build's prerender of `/` in one language).
  const value = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div
      role="radiogroup"
      aria-label={t("language.label")}
      data-testid="language-switch"
      className={classes.root}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <label key={language} className={classes.option} data-active={language === value || undefined}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={language}
            checked={language === value}
            onChange={() => void changeLanguage(language)}
          />
          {t(`language.${language}`)}
        </label>
      ))}
    </div>
  );
}
