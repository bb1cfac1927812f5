/** Vector and colour arithmetic of the server's rasteriser (`thumbnail.ts`). */

/** A point or direction. */
export type TVec3 = [number, number, number];
export type TMat4 = ArrayLike<number>;
export type TRgb = [number, number, number];

export function transformPoint(m: TMat4, p: TVec3): TVec3 {
  const [x, y, z] = p;
  return [
    (m[0] ?? 0) * x + (m[4] ?? 0) * y + (m[8] ?? 0) * z + (m[12] ?? 0),
    (m[1] ?? 0) * x + (m[5] ?? 0) * y + (m[9] ?? 0) * z + (m[13] ?? 0),
    (m[2] ?? 0) * x + (m[6] ?? 0) * y + (m[10] ?? 0) * z + (m[14] ?? 0),
  ];
}

export function transformDirection(m: TMat4, d: TVec3): TVec3 {
  const [x, y, z] = d;
  return normalize([
    (m[0] ?? 0) * x + (m[4] ?? 0) * y + (m[8] ?? 0) * z,
    (m[1] ?? 0) * x + (m[5] ?? 0) * y + (m[9] ?? 0) * z,
    (m[2] ?? 0) * x + (m[6] ?? 0) * y + (m[10] ?? 0) * z,
  ]);
}

export function multiply(a: TMat4, b: TMat4): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[k * 4 + r] ?? 0) * (b[c * 4 + k] ?? 0);
      out[c * 4 + r] = sum;
    }
  }
  return out;
}

export function sub(a: TVec3, b: TVec3): TVec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function dot(a: TVec3, b: TVec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: TVec3, b: TVec3): TVec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function normalize(v: TVec3): TVec3 {
  const length = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return length > 0 ? [v[0] / length, v[1] / length, v[2] / length] : [0, 1, 0];
}

export function toLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The sRGB byte of a linear value, by the formula (what {@link SRGB_STEPS} is built from). */
export function srgbByteOf(c: number): number {
  const v = Math.max(0, Math.min(1, c));
  const s = v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.round(s * 255);
}

/**
 * The linear values where the sRGB byte steps up: entry k is the smallest double whose byte is
 * k + 1, found by halving over the doubles' bit patterns (ordered like the values they stand for
 * when positive), so the table is exact. A frame has millions of values to encode, and a binary
 * search over these steps (8 comparisons) is several times faster than a power per value.
 */
const SRGB_STEPS = (() => {
  const steps = new Float64Array(255);
  const value = new Float64Array(1);
  const bits = new BigUint64Array(value.buffer);
  const at = (pattern: bigint) => {
    bits[0] = pattern;
    return value[0] ?? 0;
  };
  value[0] = 1;
  const one = bits[0] ?? 0n;
  for (let k = 0; k < 255; k++) {
    let low = 0n;
    let high = one;
    while (high - low > 1n) {
      const middle = (low + high) / 2n;
      if (srgbByteOf(at(middle)) >= k + 1) high = middle;
      else low = middle;
    }
    steps[k] = at(high);
  }
  return steps;
})();

/** {@link srgbByteOf} through the steps (NaN gives 0, as a NaN byte does). */
export function toSrgbByte(c: number): number {
  let low = 0;
  let high = 255;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((SRGB_STEPS[middle] ?? 2) <= c) low = middle + 1;
    else high = middle;
  }
  return low;
}
