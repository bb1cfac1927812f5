/** Byte-range checks shared by the blob stores. */
import type { TByteRange } from "../types";

/** Thrown when a requested range lies outside the blob (HTTP 416). */
export class BlobRangeError extends RangeError {
  constructor(range: TByteRange, size: number) {
    super(`Range ${range.start}-${range.end} not satisfiable for ${size} bytes`);
    this.name = "BlobRangeError";
  }
}

/**
 * Clamps an inclusive range to a blob of `size` bytes, as HTTP does with an end past the last
 * byte; throws BlobRangeError when no byte of the range exists.
 */
export function resolveRange(range: TByteRange, size: number): TByteRange {
  const valid =
    Number.isSafeInteger(range.start) &&
    Number.isSafeInteger(range.end) &&
    range.start >= 0 &&
    range.end >= range.start &&
    range.start < size;
  if (!valid) throw new BlobRangeError(range, size);
  return { start: range.start, end: Math.min(range.end, size - 1) };
}
