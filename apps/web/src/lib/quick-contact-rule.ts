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

/**
 * Pages that are one long form (the business-connecting form, the question form): on phones the
 * floating buttons (quick contact, chat) would sit on its fields, so they stay away there.
 */
export const FORM_PAGES = ["/business-connect", "/qnawrite"] as const;

/** True when floating buttons keep off `pathname` at phone widths (a form page). */
export function isFormPage(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  return (FORM_PAGES as readonly string[]).includes(path);
}

/** The widget's layout for a window width. */
export function quickContactVariant(windowWidth: number): "icons" | "panel" {
  return windowWidth <= QUICK_CONTACT_MOBILE_MAX_WIDTH ? "icons" : "panel";
}

/** Right offset (px) of the desktop panel and its folded button. */
export const QUICK_CONTACT_DESKTOP_RIGHT = 24;
/** Size (px) of the folded panel: one round button. */
export const QUICK_CONTACT_FOLDED_SIZE = 48;
/** Width (px) of the open panel. */
export const QUICK_CONTACT_PANEL_WIDTH = 220;
/**
 * Narrowest window (px) at which the open panel fits beside the widest page column (Mantine's
 * xl container, 1320 px) with a 16 px gap on each side; below it the panel starts folded.
 */
export const QUICK_CONTACT_ROOM_WIDTH =
  1320 + 2 * (QUICK_CONTACT_DESKTOP_RIGHT + QUICK_CONTACT_PANEL_WIDTH + 16);

/** Whether the desktop panel starts open: the visitor's last choice in this tab, else only where it fits. */
export function isQuickPanelOpenAtStart(windowWidth: number, stored: string | null): boolean {
  if (stored === "open") return true;
  if (stored === "folded") return false;
  return windowWidth >= QUICK_CONTACT_ROOM_WIDTH;
}
