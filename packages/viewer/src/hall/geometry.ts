/**
 * Merged geometry for the hall: every box and panel is written into a few shared buffers, so
 * sixty booths draw in a handful of calls. Lighting is baked into vertex colours (a fixed light
 * from above and the front, darker near the floor): no lights, no shadows at run time.
 */
import { BufferAttribute, BufferGeometry, Color } from "three";

export type TVec3 = readonly [number, number, number];

const UP: TVec3 = [0, 1, 0];

function cross(a: TVec3, b: TVec3): TVec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** Baked light of a face by its normal: tops brightest, fronts and sides a little darker. */
export function faceShade(n: TVec3): number {
  if (n[1] > 0.5) return 1;
  if (n[1] < -0.5) return 0.55;
  if (Math.abs(n[2]) > 0.5) return n[2] > 0 ? 0.93 : 0.8;
  return n[0] > 0 ? 0.86 : 0.84;
}

/** Soft darkening of walls near the floor (contact shadow). */
export function heightShade(y: number): number {
  return 0.74 + 0.26 * Math.min(1, Math.max(0, y / 1.4));
}

/** The right and up directions of a face with normal `n` seen from the front. */
function faceAxes(n: TVec3): { right: TVec3; up: TVec3 } {
  if (Math.abs(n[1]) > 0.5) return { right: [1, 0, 0], up: n[1] > 0 ? [0, 0, -1] : [0, 0, 1] };
  const m: TVec3 = [-n[0], -n[1], -n[2]];
  return { right: cross(m, UP), up: UP };
}

/** Coloured, lit geometry (positions and baked colours). */
export class ShadedBuilder {
  readonly positions: number[] = [];
  readonly colors: number[] = [];
  private readonly c = new Color();

  /** A quad centred at `c` facing `n`, `w` wide and `h` high (as seen from the front). */
  quad(c: TVec3, n: TVec3, w: number, h: number, color: string | Color, ambientFloor = true): void {
    const base = typeof color === "string" ? this.c.set(color) : this.c.copy(color);
    const { right, up } = faceAxes(n);
    const corners = quadCorners(c, right, up, w, h);
    const shade = faceShade(n);
    const vertical = Math.abs(n[1]) < 0.5;
    for (const i of [0, 1, 2, 0, 2, 3]) {
      const p = corners[i] as TVec3;
      const k = shade * (vertical && ambientFloor ? heightShade(p[1]) : 1);
      this.positions.push(p[0], p[1], p[2]);
      this.colors.push(base.r * k, base.g * k, base.b * k);
    }
  }

  /** An axis-aligned box (no bottom face), optional colour for its top. */
  box(min: TVec3, max: TVec3, color: string, top?: string): void {
    const cx = (min[0] + max[0]) / 2;
    const cy = (min[1] + max[1]) / 2;
    const cz = (min[2] + max[2]) / 2;
    const sx = max[0] - min[0];
    const sy = max[1] - min[1];
    const sz = max[2] - min[2];
    this.quad([cx, max[1], cz], [0, 1, 0], sx, sz, top ?? color);
    this.quad([max[0], cy, cz], [1, 0, 0], sz, sy, color);
    this.quad([min[0], cy, cz], [-1, 0, 0], sz, sy, color);
    this.quad([cx, cy, max[2]], [0, 0, 1], sx, sy, color);
    this.quad([cx, cy, min[2]], [0, 0, -1], sx, sy, color);
  }

  geometry(): BufferGeometry {
    const g = new BufferGeometry();
    g.setAttribute("position", new BufferAttribute(new Float32Array(this.positions), 3));
    g.setAttribute("color", new BufferAttribute(new Float32Array(this.colors), 3));
    g.computeBoundingSphere();
    return g;
  }

  get triangles(): number {
    return this.positions.length / 9;
  }
}

/** A rectangle of a texture (u, v from the bottom left, as three reads canvases). */
export interface TUvRect {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/** Textured panels sharing one texture (positions and uvs). */
export class PanelBuilder {
  readonly positions: number[] = [];
  readonly uvs: number[] = [];

  quad(c: TVec3, n: TVec3, w: number, h: number, uv: TUvRect): void {
    const { right, up } = faceAxes(n);
    const corners = quadCorners(c, right, up, w, h);
    const uvs = [
      [uv.u0, uv.v0],
      [uv.u1, uv.v0],
      [uv.u1, uv.v1],
      [uv.u0, uv.v1],
    ];
    for (const i of [0, 1, 2, 0, 2, 3]) {
      const p = corners[i] as TVec3;
      const t = uvs[i] as number[];
      this.positions.push(p[0], p[1], p[2]);
      this.uvs.push(t[0] ?? 0, t[1] ?? 0);
    }
  }

  geometry(): BufferGeometry {
    const g = new BufferGeometry();
    g.setAttribute("position", new BufferAttribute(new Float32Array(this.positions), 3));
    g.setAttribute("uv", new BufferAttribute(new Float32Array(this.uvs), 2));
    g.computeBoundingSphere();
    return g;
  }

  get empty(): boolean {
    return this.positions.length === 0;
  }
}

/** Bottom left, bottom right, top right, top left. */
function quadCorners(c: TVec3, right: TVec3, up: TVec3, w: number, h: number): TVec3[] {
  const at = (sx: number, sy: number): TVec3 => [
    c[0] + right[0] * sx * (w / 2) + up[0] * sy * (h / 2),
    c[1] + right[1] * sx * (w / 2) + up[1] * sy * (h / 2),
    c[2] + right[2] * sx * (w / 2) + up[2] * sy * (h / 2),
  ];
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}
