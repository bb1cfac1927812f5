import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import classes from "./navigation-progress.module.css";

/** A navigation shorter than this shows nothing (no flash on a page that is already loaded). */
export const NAVIGATION_PROGRESS_DELAY_MS = 150;

/**
 * A thin bar across the top of the window while the router loads the next page (its chunk, its
 * loader). The router keeps the current page on screen meanwhile, so without it a click on a link
 * or "Sign in" showed nothing happening for as long as the next page took to arrive.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const isLoading = useNavigation().state !== "idle";
  const [isShown, setShown] = useState(false);

  useEffect(() => {
    if (!isLoading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), NAVIGATION_PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isLoading]);

  if (!isShown) return null;
  return (
    <div
      className={classes.root}
      role="progressbar"
      aria-label={t("navigating")}
      data-testid="navigation-progress"
    >
      <div className={classes.bar} />
    </div>
  );
}
