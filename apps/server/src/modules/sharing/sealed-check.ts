/**
 * Checks that a sealed snapshot is ciphertext (AES-GCM: 12-byte IV, ciphertext, 16-byte tag).
 * The server never has the key, so it cannot decrypt; it refuses what is plainly not encrypted,
 * so a careless client cannot publish a model in the clear under a "sealed" link.
 */

/** Fewest bytes of a sealed snapshot: IV (12) + tag (16) + at least one byte. */
export const SEALED_MIN_BYTES = 12 + 16 + 1;

/** Starts of plaintext formats a sealed upload must not have. */
const PLAINTEXT_SIGNATURES: ReadonlyArray<{ name: string; bytes: readonly number[] }> = [
  { name: "glTF binary", bytes: [0x67, 0x6c, 0x54, 0x46] },
  { name: "Vitrine snapshot", bytes: [0x56, 0x54, 0x53, 0x31] },
  { name: "PNG", bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: "JPEG", bytes: [0xff, 0xd8, 0xff] },
  { name: "ZIP", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: "gzip", bytes: [0x1f, 0x8b, 0x08] },
  { name: "PDF", bytes: [0x25, 0x50, 0x44, 0x46] },
  { name: "UTF-8 text", bytes: [0xef, 0xbb, 0xbf] },
];

/** Bytes from which the byte-distribution test is reliable (random data scores about 7.8). */
const ENTROPY_MIN_SAMPLE = 1024;
/** Least Shannon entropy, in bits per byte, of a sample that long. */
const ENTROPY_MIN_BITS = 7.2;

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return bytes.length <= head.length && bytes.every((b, i) => head[i] === b);
}

/** Shannon entropy of `bytes`, in bits per byte. */
export function entropyBits(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  const counts = new Array<number>(256).fill(0);
  for (const b of bytes) counts[b] = (counts[b] ?? 0) + 1;
  let bits = 0;
  for (const n of counts) {
    if (n === 0) continue;
    const p = n / bytes.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const WHITE_SPACE = new Set([0x09, 0x0a, 0x0d, 0x20]);

/**
 * True when `head` opens like JSON or markup. Random bytes start with `{` one time in 256, so a
 * second byte must agree too (about one random upload in 10,000 matches; only short uploads are
 * judged this way, longer ones by their entropy).
 */
function looksLikeText(head: Uint8Array): boolean {
  let i = 0;
  while (i < head.length && WHITE_SPACE.has(head[i] ?? 0)) i++;
  const first = head[i];
  const next = head[i + 1];
  if (first === undefined || next === undefined) return false;
  const isLetter = (next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a);
  if (first === 0x7b) return next === 0x22 || next === 0x7d || WHITE_SPACE.has(next);
  const isDigit = next >= 0x30 && next <= 0x39;
  if (first === 0x5b) {
    return isDigit || next === 0x7b || next === 0x22 || next === 0x5d || WHITE_SPACE.has(next);
  }
  if (first === 0x3c) return isLetter || next === 0x21 || next === 0x3f;
  return false;
}

/**
 * Why the first bytes of an upload are not ciphertext, or null when they look random: a known
 * plaintext signature; then, given enough bytes, too little entropy (JSON, text, uncompressed
 * data); for shorter uploads, JSON or markup.
 */
export function plaintextReason(head: Uint8Array): string | null {
  for (const signature of PLAINTEXT_SIGNATURES) {
    if (startsWith(head, signature.bytes)) return `a ${signature.name} file`;
  }
  if (head.length >= ENTROPY_MIN_SAMPLE) {
    return entropyBits(head) < ENTROPY_MIN_BITS ? "not random" : null;
  }
  return looksLikeText(head) ? "text" : null;
}
