/**
 * What the element's own layers (toolbar, card, sheet, ad strip, logo) cover of the view, and the
 * layout the toolbar takes for the element's size. The engine frames the model in what is left
 * and hides markers under the layers.
 */
import type { TViewInsets } from "../camera-view";
import type { TRect } from "../types";

/** Desktop bar; a phone's bar plus "more" sheet; or the compact bar of a small element. */
export type TBarLayout = "desktop" | "phone" | "compact";

/** Below this height (px) the element takes the compact bar: a short embed, a phone held sideways. */
export const COMPACT_HEIGHT = 420;

/** The layout for an element of this size in a window (or frame) this wide. */
export function barLayout(windowWidth: number, width: number, height: number): TBarLayout {
  if (height > 0 && height < COMPACT_HEIGHT) return "compact";
  return windowWidth < 1024 || width < 640 ? "phone" : "desktop";
}

/**
 * Room the toolbar takes at the bottom before it is laid out (its CSS: offset + height), so the
 * first frame already leaves it free. Measured rects replace it once the bar exists.
 */
export const BAR_ROOM: Record<TBarLayout, number> = { desktop: 60, phone: 56, compact: 46 };

/** `rect` moved into the coordinates of `frame` (both from getBoundingClientRect). */
export function relativeTo(rect: TRect, frame: TRect): TRect {
  return {
    left: rect.left - frame.left,
    top: rect.top - frame.top,
    right: rect.right - frame.left,
    bottom: rect.bottom - frame.top,
  };
}

/**
 * Insets that keep the view clear of `rects` in a `width`×`height` view: each rect is cut off by
 * the edge band (top, right, bottom or left) that leaves the largest free area.
 */
export function insetsFor(rects: readonly TRect[], width: number, height: number): TViewInsets {
  const insets: TViewInsets = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const r of rects) {
    if (r.right <= 0 || r.bottom <= 0 || r.left >= width || r.top >= height) continue;
    const cuts: [keyof TViewInsets, number, number][] = [
      ["top", r.bottom, width * (height - r.bottom)],
      ["bottom", height - r.top, width * r.top],
      ["left", r.right, height * (width - r.right)],
      ["right", width - r.left, height * r.left],
    ];
    const best = cuts.reduce((a, b) => (b[2] > a[2] ? b : a));
    insets[best[0]] = Math.max(insets[best[0]], best[1]);
  }
  return insets;
}
