/** Toolbar icons: 24×24 stroke paths (drawn with `currentColor`). */
export const ICONS = {
  actions: "M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1",
  play: "M7 5l12 7-12 7z",
  pause: "M8 5v14M16 5v14",
  stop: "M6 6h12v12H6z",
  prev: "M6 5v14M19 5 9 12l10 7z",
  next: "M18 5v14M5 5l10 7-10 7z",
  rotate: "M20 12a8 8 0 1 1-3-6.2M20 4v5h-5",
  size: "M3 8h18v8H3zM7 8v3M11 8v4M15 8v3",
  description: "M6 3h9l4 4v14H6zM9 11h7M9 15h7",
  images: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9h.01",
  speech: "M4 9v6h4l5 4V5L8 9zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12",
  guide: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7v.5M12 17h.01",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  close: "M6 6l12 12M18 6 6 18",
} as const;

/** An icon's name. */
export type TIcon = keyof typeof ICONS;

/** The `<svg>` markup of an icon (hidden from assistive technology; the button carries the name). */
export function iconMarkup(name: TIcon): string {
  return `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${ICONS[name]}"/></svg>`;
}
