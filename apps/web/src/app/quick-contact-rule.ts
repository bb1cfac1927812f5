/** Where the quick-contact widget shows and how (SPEC §2 global behaviours, §9 offsets). */

/** Path fragments (case-insensitive) on which the widget is hidden. */
export const QUICK_CONTACT_HIDDEN_FRAGMENTS = [
  "showroom",
  "studio",
  "user_terms",
  "login",
  "share",
  "forgotpass",
  "register",
  "terms_detail",
  "showcase",
  "channel",
  "embed",
  "reference",
] as const;

/** Widest window (px) that gets the mobile icon buttons. */
export const QUICK_CONTACT_MOBILE_MAX_WIDTH = 576;
/** Bottom offset (px) of the mobile buttons. */
export const QUICK_CONTACT_MOBILE_BOTTOM = 80;
/** Bottom offset (px) of the desktop panel. */
export const QUICK_CONTACT_DESKTOP_BOTTOM = 30;

/** True when the widget shows on `pathname`. */
export function isQuickContactVisible(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return !QUICK_CONTACT_HIDDEN_FRAGMENTS.some((fragment) => path.includes(fragment));
}

/** The widget's layout for a window width. */
export function quickContactVariant(windowWidth: number): "icons" | "panel" {
  return windowWidth <= QUICK_CONTACT_MOBILE_MAX_WIDTH ? "icons" : "panel";
}
