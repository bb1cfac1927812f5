/**
 * Texture atlases: logos and booth images are drawn into shared 1024 px pages (never larger),
 * one material per page, so many panels draw in one call. Cells are placed here (pure), drawn
 * with a 2D canvas.
 */
import type { TUvRect } from "./geometry";

export const PAGE_SIZE = 1024;
/** Gutter inside each cell (px) so mipmaps do not bleed a neighbour in. */
const GUTTER = 2;

export interface TAtlasCell {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
  uv: TUvRect;
}

export interface TAtlasPlan {
  cells: TAtlasCell[];
  /** Each page's size: full width, height the next power of two that holds its rows. */
  pages: { width: number; height: number }[];
}

function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** Places `count` cells of `cellW` × `cellH` px on pages of at most PAGE_SIZE². */
export function planAtlas(count: number, cellW: number, cellH: number, pageSize = PAGE_SIZE): TAtlasPlan {
  const cols = Math.max(1, Math.floor(pageSize / cellW));
  const rows = Math.max(1, Math.floor(pageSize / cellH));
  const perPage = cols * rows;
  const pageCount = Math.ceil(count / perPage);
  const pages = Array.from({ length: pageCount }, (_, p) => {
    const inPage = Math.min(perPage, count - p * perPage);
    return { width: pageSize, height: nextPow2(Math.ceil(inPage / cols) * cellH) };
  });
  const cells: TAtlasCell[] = [];
  for (let i = 0; i < count; i++) {
    const page = Math.floor(i / perPage);
    const k = i % perPage;
    const x = (k % cols) * cellW;
    const y = Math.floor(k / cols) * cellH;
    const size = pages[page] ?? { width: pageSize, height: pageSize };
    cells.push({
      page,
      x,
      y,
      w: cellW,
      h: cellH,
      uv: {
        u0: (x + GUTTER) / size.width,
        u1: (x + cellW - GUTTER) / size.width,
        // Canvases are flipped on upload: v counts from the bottom.
        v0: 1 - (y + cellH - GUTTER) / size.height,
        v1: 1 - (y + GUTTER) / size.height,
      },
    });
  }
  return { cells, pages };
}

export const FONT_STACK =
  "Inter, 'Pretendard Variable', Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Noto Sans CJK KR', 'Malgun Gothic', 'Segoe UI', Roboto, sans-serif";

/** Relative luminance of `#rrggbb` (0…1). */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const v = m?.[1] ? Number.parseInt(m[1], 16) : 0x808080;
  const ch = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (ch[0] ?? 0) + 0.7152 * (ch[1] ?? 0) + 0.0722 * (ch[2] ?? 0);
}

/** Dark or white text, whichever reads better on `bg`. */
export function inkOn(bg: string): string {
  return luminance(bg) > 0.36 ? "#1d2126" : "#ffffff";
}

/** A valid `#rrggbb`, or the fallback. */
export function safeColor(value: string | null | undefined, fallback: string): string {
  return value && /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim().toLowerCase() : fallback;
}

/** Mixes `#rrggbb` towards white by `k` (0…1). */
export function tint(hex: string, k: number): string {
  const v = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * k);
  const r = mix((v >> 16) & 255);
  const g = mix((v >> 8) & 255);
  const b = mix(v & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

/** Mixes `#rrggbb` towards black by `k` (0…1). */
export function shadeHex(hex: string, k: number): string {
  const v = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c * (1 - k));
  const r = mix((v >> 16) & 255);
  const g = mix((v >> 8) & 255);
  const b = mix(v & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

/** Writes `text` centred in the box, as large as fits (one line, shrinking to `minPx`). */
export function fitText(
  ctx: CanvasRenderingContext2D,
  text: string,
  box: { x: number; y: number; w: number; h: number },
  maxPx: number,
  weight = 750,
  minPx = 10,
): void {
  let size = maxPx;
  ctx.font = `${weight} ${size}px ${FONT_STACK}`;
  while (size > minPx && ctx.measureText(text).width > box.w) {
    size -= 2;
    ctx.font = `${weight} ${size}px ${FONT_STACK}`;
  }
  let shown = text;
  while (shown.length > 1 && ctx.measureText(shown).width > box.w) shown = `${shown.slice(0, -2)}…`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(shown, box.x + box.w / 2, box.y + box.h / 2 + size * 0.04);
}

/** The booth's name on its colour (fascia, blade sign, counter). */
export function drawLogoCell(
  ctx: CanvasRenderingContext2D,
  cell: TAtlasCell,
  text: string,
  color: string,
): void {
  ctx.fillStyle = color;
  ctx.fillRect(cell.x, cell.y, cell.w, cell.h);
  ctx.fillStyle = inkOn(color);
  const pad = cell.h * 0.12;
  fitText(
    ctx,
    text.trim() || "·",
    { x: cell.x + pad * 2, y: cell.y + pad, w: cell.w - pad * 4, h: cell.h - 2 * pad },
    cell.h * 0.62,
  );
}

/** What a panel shows until its image arrives (or when it never does): the booth's colour, pale. */
export function drawPlaceholderCell(ctx: CanvasRenderingContext2D, cell: TAtlasCell, color: string): void {
  ctx.fillStyle = tint(color, 0.82);
  ctx.fillRect(cell.x, cell.y, cell.w, cell.h);
  ctx.strokeStyle = tint(color, 0.55);
  ctx.lineWidth = 4;
  ctx.strokeRect(cell.x + 10, cell.y + 10, cell.w - 20, cell.h - 20);
}

/** The source rectangle of an image cropped to `aspect` (width / height), centred. */
export function coverCrop(
  srcW: number,
  srcH: number,
  aspect: number,
): { sx: number; sy: number; sw: number; sh: number } {
  if (srcW / srcH > aspect) {
    const sw = srcH * aspect;
    return { sx: (srcW - sw) / 2, sy: 0, sw, sh: srcH };
  }
  const sh = srcW / aspect;
  return { sx: 0, sy: (srcH - sh) / 2, sw: srcW, sh };
}

/**
 * Draws an image into a cell for a panel of `aspect` (the cell is square; the panel's shape is
 * restored by its uvs): `cover` fills it (wall images), `contain` fits the whole image on white
 * (product posters).
 */
export function drawImageCell(
  ctx: CanvasRenderingContext2D,
  cell: TAtlasCell,
  image: CanvasImageSource & { width: number; height: number },
  aspect: number,
  fit: "cover" | "contain",
): void {
  if (fit === "cover") {
    const c = coverCrop(image.width, image.height, aspect);
    ctx.drawImage(image, c.sx, c.sy, c.sw, c.sh, cell.x, cell.y, cell.w, cell.h);
    return;
  }
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(cell.x, cell.y, cell.w, cell.h);
  // In panel units the cell is aspect × 1; fit the image inside with a margin.
  const margin = 0.08;
  const boxW = aspect * (1 - 2 * margin);
  const boxH = 1 - 2 * margin;
  const k = Math.min(boxW / image.width, boxH / image.height);
  const w = (image.width * k) / aspect;
  const h = image.height * k;
  ctx.drawImage(
    image,
    cell.x + ((1 - w) / 2) * cell.w,
    cell.y + ((1 - h) / 2) * cell.h,
    w * cell.w,
    h * cell.h,
  );
}

/** Mixes `#rrggbb` a into b by `k` (0 = a, 1 = b). */
export function mixHex(a: string, b: string, k: number): string {
  const va = Number.parseInt(a.slice(1), 16);
  const vb = Number.parseInt(b.slice(1), 16);
  const ch = (shift: number) => Math.round(((va >> shift) & 255) * (1 - k) + ((vb >> shift) & 255) * k);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, "0")}`;
}
