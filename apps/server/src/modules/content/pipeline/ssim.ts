/**
 * Structural similarity for the texture check (`texture-quality.ts`): the figure ssim.js gives with
 * its defaults (grey by its integer formula, its "original" downsampling, Weber's integral-image
 * SSIM with an 11 px window, k1 0.01, k2 0.03, 8 bits), computed on typed arrays.
 *
 * Why not ssim.js itself: it builds generic arrays and calls a function per pixel, so one 1024 px
 * texture took ~250 ms and a 256 px crop ~14 ms, and the search compares a dozen crops and the
 * whole image per texture. This is the same arithmetic, step for step (the same 32-bit integer
 * sums, the same truncations, the same running mean), and a test holds it equal to ssim.js to the
 * last digit on crops, odd sizes and downsampled images. An image's windows are computed once and
 * reused for every encoding it is compared with.
 */

/** RGBA pixels, as sharp's raw output gives them. */
export interface TRgbaPixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

/** One image's grey and its 11 px window sums and variances (the reference side, reusable). */
export interface TSsimImage {
  width: number;
  height: number;
  grey: Int32Array;
  sums: Int32Array;
  variances: Int32Array;
}

const WINDOW = 11;
const DYNAMIC_RANGE = 255;
const C1 = 0.01 * DYNAMIC_RANGE * (0.01 * DYNAMIC_RANGE);
const C2 = 0.03 * DYNAMIC_RANGE * (0.03 * DYNAMIC_RANGE);

/** ssim.js's integer grey, `(77 R + 150 G + 29 B + 128) >> 8`. */
function greyOf(image: TRgbaPixels): Int32Array {
  const { data } = image;
  const grey = new Int32Array(image.width * image.height);
  for (let i = 0; i < grey.length; i++) {
    const at = i * 4;
    grey[i] = (77 * (data[at] ?? 0) + 150 * (data[at + 1] ?? 0) + 29 * (data[at + 2] ?? 0) + 128) >> 8;
  }
  return grey;
}

/**
 * ssim.js's "original" downsampling of a grey image by `factor`: the mean of f² windows (its
 * `imfilter`, "symmetric", "same": rows y − ⌊f/2⌋ … y − ⌊f/2⌋ + f − 1, mirrored at the edges), every
 * f-th row and column kept, rounded as its SSIM rounds it.
 */
function downsample(grey: Int32Array, width: number, height: number, factor: number) {
  const mirror = (k: number, size: number) => (k < 0 ? -k - 1 : k >= size ? 2 * size - k - 1 : k);
  const pad = Math.floor(factor / 2);
  const weight = 1 / (factor * factor);
  const outWidth = Math.ceil(width / factor);
  const outHeight = Math.ceil(height / factor);
  const out = new Int32Array(outWidth * outHeight);
  for (let oy = 0; oy < outHeight; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = mirror(oy * factor - pad + dy, height) * width;
        for (let dx = 0; dx < factor; dx++)
          sum += (grey[row + mirror(ox * factor - pad + dx, width)] ?? 0) * weight;
      }
      out[oy * outWidth + ox] = Math.trunc(sum + 0.5);
    }
  }
  return { grey: out, width: outWidth, height: outHeight };
}

/**
 * Sums over every `WINDOW`² window of `value(i)`, through a summed-area table built from the
 * bottom-right corner in 32-bit integers (wrapping as ssim.js's Int32Array does; each window's
 * own sum fits, so the wrap cancels out).
 */
function windowSums(width: number, height: number, value: (i: number) => number): Int32Array {
  const stride = width + 1;
  const table = new Int32Array(stride * (height + 1));
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const at = y * stride + x;
      table[at] =
        value(y * width + x) +
        (table[at + 1] ?? 0) +
        (table[at + stride] ?? 0) -
        (table[at + stride + 1] ?? 0);
    }
  }
  const outWidth = width - WINDOW + 1;
  const outHeight = height - WINDOW + 1;
  const out = new Int32Array(Math.max(0, outWidth) * Math.max(0, outHeight));
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      const top = y * stride + x;
      const bottom = (y + WINDOW) * stride + x;
      out[y * outWidth + x] =
        (table[top] ?? 0) - (table[top + WINDOW] ?? 0) - (table[bottom] ?? 0) + (table[bottom + WINDOW] ?? 0);
    }
  }
  return out;
}

/** Grey, downsampled as ssim.js would for a pair whose first is `width` wide and second `height` high. */
function prepare(image: TRgbaPixels, factor: number): TSsimImage {
  let grey = greyOf(image);
  let { width, height } = image;
  if (factor > 1) ({ grey, width, height } = downsample(grey, width, height, factor));
  const area = WINDOW * WINDOW;
  const sums = windowSums(width, height, (i) => grey[i] ?? 0);
  const variances = windowSums(width, height, (i) => (grey[i] ?? 0) * (grey[i] ?? 0));
  for (let i = 0; i < variances.length; i++) {
    const mean = (sums[i] ?? 0) / area;
    variances[i] = 1024 * ((variances[i] ?? 0) / area - mean * mean);
  }
  return { width, height, grey, sums, variances };
}

/** ssim.js's downsampling factor for a pair (it reads the first's width and the second's height). */
export function ssimFactor(first: TRgbaPixels, second: TRgbaPixels, maxSize: number): number {
  return Math.round(Math.min(first.width, second.height) / maxSize);
}

/** Prepares one side of comparisons against images of the same size. */
export function ssimImage(image: TRgbaPixels, maxSize: number): TSsimImage {
  return prepare(image, ssimFactor(image, image, maxSize));
}

/**
 * Mean SSIM of a prepared reference and another image of the same size. 0 when the sizes differ
 * and for images smaller than the window (ssim.js answers 1 or throws there): a check that cannot
 * see an image does not let it lose quality.
 */
export function meanSsim(reference: TSsimImage, other: TRgbaPixels, maxSize: number): number {
  const factor = ssimFactor(other, other, maxSize);
  if (other.width < WINDOW * Math.max(1, factor) || other.height < WINDOW * Math.max(1, factor)) return 0;
  const b = prepare(other, factor);
  if (b.width !== reference.width || b.height !== reference.height) return 0;
  const a = reference;
  const area = WINDOW * WINDOW;
  const cross = windowSums(a.width, a.height, (i) => (a.grey[i] ?? 0) * (b.grey[i] ?? 0));
  let mean = 0;
  for (let i = 0; i < cross.length; i++) {
    const meanA = (a.sums[i] ?? 0) / area;
    const meanB = (b.sums[i] ?? 0) / area;
    // ssim.js stores 1024 × the covariance in 32-bit integers (truncated), as it does the variances.
    cross[i] = 1024 * ((cross[i] ?? 0) / area - meanA * meanB);
    const covariance = (cross[i] ?? 0) / 1024;
    const varianceA = (a.variances[i] ?? 0) / 1024;
    const varianceB = (b.variances[i] ?? 0) / 1024;
    const value =
      ((2 * meanA * meanB + C1) * (covariance * 2 + C2)) /
      (meanA * meanA + meanB * meanB + C1) /
      (varianceA + varianceB + C2);
    mean = i === 0 ? value : mean + (value - mean) / (i + 1);
  }
  return mean;
}
