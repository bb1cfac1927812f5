/**
 * A file's type from its first bytes (SPEC §5 "signature"): magic numbers, container brands,
 * Office packages (macros refused), STL, STEP and glTF; and script or web-page content.
 */
import { FILE_TYPES, type TDetectedType } from "./file-types";
import { extensionOf } from "./names";

const SNIFF_CHARS = 1024;

/** The leading text of a file: BOM honoured, leading whitespace and NULs skipped. */
function leadingText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, SNIFF_CHARS * 2);
  let text: string;
  if (head[0] === 0xff && head[1] === 0xfe) text = new TextDecoder("utf-16le").decode(head.subarray(2));
  else if (head[0] === 0xfe && head[1] === 0xff) text = new TextDecoder("utf-16be").decode(head.subarray(2));
  else text = new TextDecoder("utf-8").decode(head);
  return text.replace(/^[\uFEFF\s\0]+/u, "");
}

// The HTML openers of the WHATWG MIME sniffing standard, plus SVG, which can carry scripts.
const HTML_OPENERS = [
  "!doctype html",
  "html",
  "head",
  "script",
  "iframe",
  "h1",
  "div",
  "font",
  "table",
  "a",
  "style",
  "title",
  "b",
  "body",
  "br",
  "p",
  "svg",
];

/** The whole sample as text (for searching a JSON key past the first kilobyte). */
function leadingTextOf(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}

/** True when the content starts (after BOM/whitespace) with a PHP tag or an HTML page. */
export function startsWithScript(bytes: Uint8Array): boolean {
  const text = leadingText(bytes).slice(0, 64).toLowerCase();
  if (text.startsWith("<?php") || text.startsWith("<?=") || /^<\?\s/.test(text)) return true;
  if (text.startsWith("<!--")) return true;
  return HTML_OPENERS.some((tag) => {
    if (!text.startsWith(`<${tag}`)) return false;
    const next = text.charAt(tag.length + 1);
    return next === "" || next === ">" || /\s/.test(next);
  });
}

function bytesAt(bytes: Uint8Array, offset: number, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[offset + i] === b);
}

function asciiAt(bytes: Uint8Array, offset: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function u32le(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0, true);
}

function u32be(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0, false);
}

/** Finds an ASCII string anywhere in the sample. */
function containsAscii(bytes: Uint8Array, text: string): boolean {
  return new TextDecoder("latin1").decode(bytes).includes(text);
}

/** Finds a UTF-16LE string (how OLE directory entries name streams) anywhere in the sample. */
function containsUtf16(bytes: Uint8Array, text: string): boolean {
  const pattern = Array.from(text, (c) => `${c}\0`).join("");
  return new TextDecoder("latin1").decode(bytes).includes(pattern);
}

const ASF_GUID = [
  0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const MP4_BRANDS = new Set([
  ...["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "mp71"],
  ...["avc1", "avc2", "hev1", "hvc1", "dash", "msnv", "mmp4", "f4v ", "xavc", "m4v ", "m4vh", "m4vp"],
  ...["3gp4", "3gp5", "3gp6", "3g2a", "ndas", "ndsc", "ndsh", "ndsm", "ndsp", "ndss", "ndxc", "ndxh"],
]);
const AUDIO_BRANDS = new Set(["m4a ", "m4b ", "m4p "]);
// Old QuickTime files start with a top-level atom instead of `ftyp`.
const QUICKTIME_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);

/** ISO base media (mp4/mov) by its `ftyp` brands. */
function sniffIsoMedia(bytes: Uint8Array): TDetectedType | null {
  const box = ascii(bytes, 4, 8);
  if (QUICKTIME_ATOMS.has(box)) return "mov";
  if (box !== "ftyp" || bytes.length < 12) return null;
  const major = ascii(bytes, 8, 12).toLowerCase();
  if (major === "qt  ") return "mov";
  if (AUDIO_BRANDS.has(major)) return null;
  if (MP4_BRANDS.has(major)) return "mp4";
  const end = Math.min(u32be(bytes, 0), bytes.length);
  const compatible: string[] = [];
  for (let i = 16; i + 4 <= end; i += 4) compatible.push(ascii(bytes, i, i + 4).toLowerCase());
  if (compatible.includes("qt  ")) return "mov";
  return compatible.some((b) => MP4_BRANDS.has(b)) ? "mp4" : null;
}

/** A detected type, `macro` for an Office file with macros (refused), or null when unknown. */
export type TSniff = TDetectedType | "macro" | null;

/** Legacy Office (OLE compound file): a PowerPoint deck only; macros are refused. */
function sniffCompoundFile(bytes: Uint8Array, ext: string): TSniff {
  if (containsUtf16(bytes, "_VBA_PROJECT")) return "macro";
  if (containsUtf16(bytes, "PowerPoint Document")) return "ppt";
  if (containsUtf16(bytes, "WordDocument") || containsUtf16(bytes, "Workbook")) return null;
  // The directory may lie past the sample; then the extension decides (§5: signature or extension).
  return FILE_TYPES.ppt.extensions.includes(ext) ? "ppt" : null;
}

/** OOXML (zip) package: a PowerPoint deck only; macro-enabled packages are refused. */
function sniffZip(bytes: Uint8Array, ext: string): TSniff {
  if (!containsAscii(bytes, "[Content_Types].xml")) return null;
  if (containsAscii(bytes, "vbaProject.bin")) return "macro";
  if (containsAscii(bytes, "ppt/")) return "pptx";
  if (containsAscii(bytes, "word/") || containsAscii(bytes, "xl/")) return null;
  return ext === "pptx" ? "pptx" : null;
}

/** Binary STL: 80-byte header, triangle count, 50 bytes per triangle, matching the total size. */
function isBinaryStl(bytes: Uint8Array, size: number): boolean {
  if (bytes.length < 84) return false;
  const count = u32le(bytes, 80);
  return count > 0 && 84 + count * 50 === size;
}

/** Text made of printable characters only (what an ASCII STL is). */
function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0b && c !== 0x0c) || c === 0x7f) {
      return false;
    }
  }
  return true;
}

/** The type by content signature; `ext` settles what a sample cut short cannot. */
export function sniff(bytes: Uint8Array, size: number, ext: string): TSniff {
  if (bytesAt(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (bytesAt(bytes, 0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (asciiAt(bytes, 0, "%PDF-")) return "pdf";
  if (asciiAt(bytes, 0, "glTF") && bytes.length >= 8 && u32le(bytes, 4) === 2) return "glb";
  if (asciiAt(bytes, 0, "RIFF") && asciiAt(bytes, 8, "AVI ")) return "avi";
  if (bytesAt(bytes, 0, ASF_GUID)) return "wmv";
  if (bytesAt(bytes, 0, CFB_MAGIC)) return sniffCompoundFile(bytes, ext);
  if (bytesAt(bytes, 0, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(bytes, ext);
  if (bytes.length >= 8) {
    const media = sniffIsoMedia(bytes);
    if (media) return media;
  }
  // Binary STL before ASCII: many exporters start the binary header with "solid" too.
  if (isBinaryStl(bytes, size)) return "stl";
  const text = leadingText(bytes);
  if (text.startsWith("ISO-10303-21;")) return "step";
  if (/^solid(?:\s|$)/i.test(text) && isPrintable(text)) return "stl";
  // "asset" is required in every glTF; exporters write it first, else the extension decides.
  if (text.startsWith("{") && (/"asset"\s*:/.test(leadingTextOf(bytes)) || ext === "gltf")) return "gltf";
  return null;
}

/** The type of a file by its content signature, or `null` when unknown. */
export function detectFileType(
  bytes: Uint8Array,
  options: { filename?: string; size?: number } = {},
): TDetectedType | null {
  const found = sniff(bytes, options.size ?? bytes.length, extensionOf(options.filename ?? ""));
  return found === "macro" ? null : found;
}
