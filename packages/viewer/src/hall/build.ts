/**
 * Builds the hall's geometry from the plan: the floor, walls, carpets, signage and every booth,
 * merged into one lit mesh plus one panel mesh per atlas page (logos, images, signage). Pure
 * apart from three's buffers: no renderer, no DOM, so it is tested in Node.
 */
import { mixHex, planAtlas, safeColor, shadeHex, type TAtlasCell, type TAtlasPlan, tint } from "./atlas";
import { PanelBuilder, ShadedBuilder, type TUvRect, type TVec3 } from "./geometry";
import {
  aisleX,
  BOOTH_DEPTH,
  BOOTH_WIDTH,
  hallBounds,
  LOBBY,
  normaliseLayout,
  rowsZ,
  slotExists,
  slotPose,
  type TRect,
  type TSlotPose,
  WALKWAY,
} from "./layout";
import type { THallBooth, THallLayout } from "./types";

export const LOGO_CELL = { w: 512, h: 128 };
export const IMAGE_CELL = { w: 256, h: 256 };
export const SIGNAGE_PAGE = { width: 1024, height: 512 };
/** Signage cells: the exhibition name, the free-slot sign, aisle letters (16). */
export const SIGN_NAME = { x: 0, y: 0, w: 1024, h: 168 };
export const SIGN_FREE = { x: 0, y: 176, w: 512, h: 72 };
export const signAisle = (a: number) => ({
  x: (a % 8) * 128,
  y: 256 + Math.floor(a / 8) * 128,
  w: 128,
  h: 128,
});

export const WALL_COLOR = "#efebe6";
export const FLOOR_COLOR = "#d3cec7";
export const BACKGROUND = "#e4e0da";
const POST_COLOR = "#3b4047";
const PANEL_WHITE = "#f7f5f1";
const HALL_HEIGHT = 7;
export const BOOTH_TOP = 3.35;

/** One image to fetch into an atlas cell. */
export interface TImageJob {
  booth: number;
  url: string;
  cell: TAtlasCell;
  /** The panel's width / height. */
  aspect: number;
  fit: "cover" | "contain";
}

export interface TPlacedBooth {
  booth: THallBooth;
  color: string;
  pose: TSlotPose;
  logoCell: TAtlasCell;
}

export interface THallPlan {
  layout: THallLayout;
  booths: TPlacedBooth[];
  freeSlots: TSlotPose[];
  structure: ShadedBuilder;
  signage: PanelBuilder;
  logoPlan: TAtlasPlan;
  logoPanels: PanelBuilder[];
  imagePlan: TAtlasPlan;
  imagePanels: PanelBuilder[];
  imageJobs: TImageJob[];
  theme: string;
  bounds: TRect;
}

function uvOf(
  r: { x: number; y: number; w: number; h: number },
  page: { width: number; height: number },
): TUvRect {
  const g = 1;
  return {
    u0: (r.x + g) / page.width,
    u1: (r.x + r.w - g) / page.width,
    v0: 1 - (r.y + r.h - g) / page.height,
    v1: 1 - (r.y + g) / page.height,
  };
}

/** The booths that fit the layout, one per slot (the first wins), in slot order. */
export function placeBooths(layout: THallLayout, booths: THallBooth[]): THallBooth[] {
  const seen = new Set<string>();
  const out: THallBooth[] = [];
  for (const b of booths) {
    if (!slotExists(layout, b.aisle, b.slotIndex)) continue;
    const key = `${b.aisle}:${b.slotIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(b);
  }
  return out.sort((a, b) => a.aisle - b.aisle || a.slotIndex - b.slotIndex);
}

export function planHall(input: {
  layout: THallLayout;
  booths: THallBooth[];
  themeColor?: string | null;
}): THallPlan {
  const layout = normaliseLayout(input.layout);
  const theme = safeColor(input.themeColor, "#4f56e6");
  const booths = placeBooths(layout, input.booths);
  const bounds = hallBounds(layout);
  const structure = new ShadedBuilder();
  const signage = new PanelBuilder();

  buildRoom(structure, signage, layout, bounds, theme);

  // Booths.
  const logoPlan = planAtlas(booths.length, LOGO_CELL.w, LOGO_CELL.h);
  const logoPanels = logoPlan.pages.map(() => new PanelBuilder());
  const imagesOf = (b: THallBooth) => Math.min(2, b.imageUrls.length) + (b.heroPosterUrl ? 1 : 0);
  const imagePlan = planAtlas(
    booths.reduce((n, b) => n + imagesOf(b), 0),
    IMAGE_CELL.w,
    IMAGE_CELL.h,
  );
  const imagePanels = imagePlan.pages.map(() => new PanelBuilder());
  const imageJobs: TImageJob[] = [];
  const placed: TPlacedBooth[] = [];
  // Image cells go to booths by row from the entrance, so the booths a visitor sees first share
  // a few pages (a page's texture exists only once one of its pictures is due).
  const firstCell = new Map<number, number>();
  let counted = 0;
  for (const index of booths
    .map((b, i) => ({ i, row: Math.floor(b.slotIndex / 2), aisle: b.aisle, slot: b.slotIndex }))
    .sort((a, b) => a.row - b.row || a.aisle - b.aisle || a.slot - b.slot)
    .map((e) => e.i)) {
    firstCell.set(index, counted);
    counted += imagesOf(booths[index] as THallBooth);
  }
  const taken = new Set(booths.map((b) => `${b.aisle}:${b.slotIndex}`));

  booths.forEach((booth, index) => {
    let nextImage = firstCell.get(index) ?? 0;
    const pose = slotPose(layout, booth.aisle, booth.slotIndex);
    const color = safeColor(booth.color, "#5c6470");
    const logoCell = logoPlan.cells[index] as TAtlasCell;
    placed.push({ booth, color, pose, logoCell });
    const f = pose.facing;
    // Local frame: d from the back wall (0) to the opening (D); s to the visitor's right.
    const D = BOOTH_DEPTH;
    const W = BOOTH_WIDTH;
    const backX = pose.x - (f * D) / 2;
    const X = (d: number) => backX + f * d;
    const Z = (s: number) => pose.z - f * s;
    const box = (
      d0: number,
      d1: number,
      s0: number,
      s1: number,
      y0: number,
      y1: number,
      c: string,
      top?: string,
    ) => {
      const xs = [X(d0), X(d1)];
      const zs = [Z(s0), Z(s1)];
      structure.box([Math.min(...xs), y0, Math.min(...zs)], [Math.max(...xs), y1, Math.max(...zs)], c, top);
    };
    const toAisle: TVec3 = [f, 0, 0];
    const at = (d: number, s: number, y: number): TVec3 => [X(d), y, Z(s)];

    box(0, D, -W / 2, W / 2, 0, 0.06, tint(color, 0.72), tint(color, 0.72));
    box(0, 0.14, -W / 2, W / 2, 0, 2.7, PANEL_WHITE);
    box(0.14, 1.5, -W / 2, -W / 2 + 0.08, 0, 2.45, color);
    box(0.14, 1.5, W / 2 - 0.08, W / 2, 0, 2.45, color);
    box(D - 0.12, D, -W / 2 + 0.02, -W / 2 + 0.12, 0, 2.45, POST_COLOR);
    box(D - 0.12, D, W / 2 - 0.12, W / 2 - 0.02, 0, 2.45, POST_COLOR);
    box(D - 0.14, D, -W / 2, W / 2, 2.45, BOOTH_TOP, color);
    box(D - 0.95, D - 0.35, -1.55, 0.05, 0, 1.0, color, "#fbfaf8");

    // Logo on the fascia, the counter and both faces of the blade sign.
    const logoPanel = logoPanels[logoCell.page] as PanelBuilder;
    logoPanel.quad(at(D + 0.006, 0, 2.9), toAisle, 3.2, 0.8, logoCell.uv);
    logoPanel.quad(at(D - 0.344, -0.75, 0.62), toAisle, 1.4, 0.35, logoCell.uv);
    // Blade sign at the booth's edge nearer the entrance (+z), out over the walkway.
    const edgeZ = pose.z + W / 2 - 0.12;
    const bx0 = X(D);
    const bx1 = X(D + 1.6);
    structure.box([Math.min(bx0, bx1), 2.45, edgeZ - 0.03], [Math.max(bx0, bx1), 2.9, edgeZ + 0.03], color);
    const bladeX = (bx0 + bx1) / 2;
    logoPanel.quad([bladeX, 2.675, edgeZ + 0.036], [0, 0, 1], 1.5, 0.375, logoCell.uv);
    logoPanel.quad([bladeX, 2.675, edgeZ - 0.036], [0, 0, -1], 1.5, 0.375, logoCell.uv);

    // Images on the back wall (left), the hero poster (right).
    const wallD = 0.146;
    const images = booth.imageUrls.slice(0, 2);
    const poster = booth.heroPosterUrl ?? null;
    const region = poster ? { s0: -1.8, s1: 0.55 } : { s0: -1.75, s1: 1.75 };
    const y0 = 1.15;
    const y1 = 2.4;
    const gap = 0.12;
    const n = images.length;
    const panelW = n > 0 ? (region.s1 - region.s0 - gap * (n - 1)) / n : 0;
    const addImage = (url: string, s: number, y: number, w: number, h: number, fit: "cover" | "contain") => {
      const cell = imagePlan.cells[nextImage++] as TAtlasCell;
      // The backing in the structure shows the booth's pale colour until the page has a texture.
      structure.quad(at(wallD + 0.004, s, y), toAisle, w + 0.06, h + 0.06, tint(color, 0.78), false);
      (imagePanels[cell.page] as PanelBuilder).quad(at(wallD + 0.01, s, y), toAisle, w, h, cell.uv);
      imageJobs.push({ booth: index, url, cell, aspect: w / h, fit });
    };
    images.forEach((url, i) => {
      addImage(url, region.s0 + panelW / 2 + i * (panelW + gap), (y0 + y1) / 2, panelW, y1 - y0, "cover");
    });
    if (poster) addImage(poster, 1.28, 1.5, 0.96, 1.8, "contain");
  });

  // Free slots: a bare platform with a sign on the floor.
  const freeSlots: TSlotPose[] = [];
  for (let a = 0; a < layout.aisles; a++) {
    for (let s = 0; s < layout.slotsPerAisle; s++) {
      if (taken.has(`${a}:${s}`)) continue;
      const pose = slotPose(layout, a, s);
      freeSlots.push(pose);
      const r = pose.footprint;
      structure.box(
        [r.minX + 0.1, 0, r.minZ + 0.1],
        [r.maxX - 0.1, 0.05, r.maxZ - 0.1],
        "#dedad4",
        "#e8e5e0",
      );
      floorSign(signage, pose, uvOf(SIGN_FREE, SIGNAGE_PAGE));
    }
  }

  return {
    layout,
    booths: placed,
    freeSlots,
    structure,
    signage,
    logoPlan,
    logoPanels,
    imagePlan,
    imagePanels,
    imageJobs,
    theme,
    bounds,
  };
}

/**
 * The room around the booths: the floor, carpets down the walkways and across the lobby, the
 * walls with a skirting band in the theme's shade, light strips, and the signage (the name at
 * the head of the aisles and on the far wall, the aisle letters).
 */
function buildRoom(
  structure: ShadedBuilder,
  signage: PanelBuilder,
  layout: THallLayout,
  bounds: TRect,
  theme: string,
): void {
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cz = (bounds.minZ + bounds.maxZ) / 2;
  structure.quad(
    [cx, 0, cz],
    [0, 1, 0],
    bounds.maxX - bounds.minX,
    bounds.maxZ - bounds.minZ,
    FLOOR_COLOR,
    false,
  );
  const carpet = mixHex(theme, "#8b9099", 0.82);
  const { front, back } = rowsZ(layout);
  for (let a = 0; a < layout.aisles; a++) {
    const x = aisleX(layout, a);
    structure.quad([x, 0.004, (front + back) / 2], [0, 1, 0], WALKWAY - 0.8, front - back, carpet, false);
  }
  structure.quad(
    [cx, 0.004, -LOBBY / 2 - 0.2],
    [0, 1, 0],
    bounds.maxX - bounds.minX - 1.2,
    LOBBY - 1.6,
    carpet,
    false,
  );
  const t = 0.3;
  structure.box(
    [bounds.minX - t, 0, bounds.minZ - t],
    [bounds.maxX + t, HALL_HEIGHT, bounds.minZ],
    WALL_COLOR,
  );
  structure.box(
    [bounds.minX - t, 0, bounds.maxZ],
    [bounds.maxX + t, HALL_HEIGHT, bounds.maxZ + t],
    WALL_COLOR,
  );
  structure.box([bounds.minX - t, 0, bounds.minZ], [bounds.minX, HALL_HEIGHT, bounds.maxZ], WALL_COLOR);
  structure.box([bounds.maxX, 0, bounds.minZ], [bounds.maxX + t, HALL_HEIGHT, bounds.maxZ], WALL_COLOR);
  // A skirting band in the theme's shade along the walls.
  const band = shadeHex(theme, 0.35);
  structure.quad([cx, 0.3, bounds.minZ + 0.01], [0, 0, 1], bounds.maxX - bounds.minX, 0.6, band, false);
  structure.quad([bounds.minX + 0.01, 0.3, cz], [1, 0, 0], bounds.maxZ - bounds.minZ, 0.6, band, false);
  structure.quad([bounds.maxX - 0.01, 0.3, cz], [-1, 0, 0], bounds.maxZ - bounds.minZ, 0.6, band, false);
  // Light strips above each walkway.
  for (let a = 0; a < layout.aisles; a++) {
    const x = aisleX(layout, a);
    structure.box([x - 0.18, 5.6, back], [x + 0.18, 5.7, front], "#fffdf8", "#fffdf8");
  }

  // Signage: the name across the hall at the head of the aisles and on the far wall, aisle letters.
  const bannerW = Math.min(6.5, bounds.maxX - bounds.minX - 2);
  const bannerH = (bannerW * SIGN_NAME.h) / SIGN_NAME.w;
  const nameUv = uvOf(SIGN_NAME, SIGNAGE_PAGE);
  structure.box(
    [-bannerW / 2 - 0.1, 4.0 - 0.1, front + 0.35],
    [bannerW / 2 + 0.1, 4.0 + bannerH + 0.1, front + 0.45],
    band,
  );
  signage.quad([0, 4.3 + bannerH / 2, front + 0.46], [0, 0, 1], bannerW, bannerH, nameUv);
  const farW = Math.min(14, bounds.maxX - bounds.minX - 2);
  const farH = (farW * SIGN_NAME.h) / SIGN_NAME.w;
  signage.quad([0, 4.1 + farH / 2, bounds.minZ + 0.02], [0, 0, 1], farW, farH, nameUv);
  for (let a = 0; a < layout.aisles; a++) {
    const x = aisleX(layout, a);
    structure.box([x - 0.5, 3.05, front + 0.02], [x + 0.5, 3.95, front + 0.1], band);
    signage.quad([x, 3.5, front + 0.11], [0, 0, 1], 0.9, 0.9, uvOf(signAisle(a), SIGNAGE_PAGE));
  }
}

/** A flat sign on a free slot's platform, reading upright for a visitor in the walkway. */
function floorSign(panels: PanelBuilder, pose: TSlotPose, uv: TUvRect): void {
  const f = pose.facing;
  const y = 0.057;
  const hw = 1.2;
  const hh = 0.17;
  // Text runs along z (to the visitor's right: −f·z); its top points to the back wall (−f·x).
  const corner = (sx: number, sy: number): TVec3 => [pose.x - f * sy * hh, y, pose.z - f * sx * hw];
  const c = [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
  const t: [number, number][] = [
    [uv.u0, uv.v0],
    [uv.u1, uv.v0],
    [uv.u1, uv.v1],
    [uv.u0, uv.v1],
  ];
  const [a, b, d] = [c[0], c[1], c[2]] as [TVec3, TVec3, TVec3];
  // Winding must face up (+y).
  const upward = (b[2] - a[2]) * (d[0] - a[0]) - (b[0] - a[0]) * (d[2] - a[2]) > 0;
  for (const i of upward ? [0, 1, 2, 0, 2, 3] : [0, 2, 1, 0, 3, 2]) {
    const p = c[i] as TVec3;
    const uvi = t[i] as [number, number];
    panels.positions.push(p[0], p[1], p[2]);
    panels.uvs.push(uvi[0], uvi[1]);
  }
}
