/**
 * General upload rules (SPEC §5), pure functions over a file's name, its declared MIME type and
 * its first bytes: extension blocklist, script/web-page content refusal, type detection by
 * content signature, and the declared-type match. The server calls them on every upload; the web
 * calls them before sending, so a user hears the same refusal either way.
 */
import { CODES } from "./codes";

/** A file type we recognise by its content. */
export type TDetectedType =
  | "png"
  | "jpeg"
  | "pdf"
  | "mp4"
  | "mov"
  | "avi"
  | "wmv"
  | "ppt"
  | "pptx"
  | "stl"
  | "step"
  | "glb"
  | "gltf";

/** What we know of one recognised type: canonical MIME, other MIME names in use, its extensions. */
export interface TFileTypeInfo {
  readonly mime: string;
  readonly aliases: readonly string[];
  readonly extensions: readonly string[];
}

/** The recognised types. */
export const FILE_TYPES: Readonly<Record<TDetectedType, TFileTypeInfo>> = {
  png: { mime: "image/png", aliases: [], extensions: ["png"] },
  jpeg: {
    mime: "image/jpeg",
    aliases: ["image/jpg", "image/pjpeg"],
    extensions: ["jpg", "jpeg", "jpe", "jfif"],
  },
  pdf: { mime: "application/pdf", aliases: ["application/x-pdf"], extensions: ["pdf"] },
  mp4: { mime: "video/mp4", aliases: ["video/x-m4v", "application/mp4"], extensions: ["mp4", "m4v"] },
  mov: { mime: "video/quicktime", aliases: [], extensions: ["mov", "qt"] },
  avi: { mime: "video/x-msvideo", aliases: ["video/avi", "video/msvideo"], extensions: ["avi"] },
  wmv: { mime: "video/x-ms-wmv", aliases: ["video/x-ms-asf", "application/vnd.ms-asf"], extensions: ["wmv"] },
  ppt: { mime: "application/vnd.ms-powerpoint", aliases: [], extensions: ["ppt", "pps", "pot"] },
  pptx: {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    aliases: [],
    extensions: ["pptx"],
  },
  stl: {
    mime: "model/stl",
    aliases: ["application/sla", "application/vnd.ms-pki.stl", "model/x.stl-binary", "model/x.stl-ascii"],
    extensions: ["stl"],
  },
  step: {
    mime: "model/step",
    aliases: ["application/step", "application/p21", "model/step+xml"],
    extensions: ["step", "stp"],
  },
  glb: { mime: "model/gltf-binary", aliases: [], extensions: ["glb"] },
  gltf: { mime: "model/gltf+json", aliases: [], extensions: ["gltf"] },
};

/**
 * Refused extensions by class. Checked on every dot-separated part of a name, so `a.php.png`
 * (which Apache's mod_mime would run as PHP) is refused too.
 */
export const BLOCKED_EXTENSION_GROUPS = {
  serverScripts: [
    ...["php", "php2", "php3", "php4", "php5", "php6", "php7", "php8", "phps", "pht", "phtm", "phtml"],
    ...["phar", "pgif", "inc", "asp", "aspx", "asa", "asax", "ascx", "ashx", "asmx", "axd", "cer", "cdx"],
    ...["cshtml", "vbhtml", "jsp", "jspx", "jsw", "jsv", "jspf", "cfm", "cfml", "cfc", "cgi", "fcgi"],
    ...["pl", "pm", "py", "pyc", "pyo", "pyw", "pyz", "rb", "erb", "rhtml", "lua", "tcl", "shtml"],
    ...["shtm", "stm", "htaccess", "htpasswd", "config", "ini"],
  ],
  shellScripts: [
    ...["sh", "bash", "zsh", "ksh", "csh", "tcsh", "fish", "command", "ps1", "psm1", "psd1", "ps1xml"],
    ...["psc1", "pssc", "bat", "cmd", "vbs", "vbe", "vb", "vba", "js", "jse", "mjs", "cjs", "jsx"],
    ...["wsf", "wsh", "wsc", "ws", "sct", "applescript", "scpt", "workflow", "action"],
  ],
  executables: [
    ...["exe", "dll", "com", "scr", "pif", "cpl", "sys", "drv", "ocx", "msc", "lnk", "reg", "inf"],
    ...["gadget", "application", "appref-ms", "jar", "war", "ear", "class", "elf", "so", "dylib", "ko"],
    ...["out", "run", "url", "webloc", "desktop", "node", "wasm", "swf"],
  ],
  installers: [
    ...["msi", "msp", "mst", "msix", "msixbundle", "appx", "appxbundle", "apk", "aab", "xapk", "apks"],
    ...["ipa", "app", "deb", "udeb", "rpm", "pkg", "mpkg", "snap", "flatpak", "flatpakref", "appimage"],
  ],
  archives: [
    ...["zip", "zipx", "rar", "7z", "tar", "gz", "tgz", "bz2", "tbz", "tbz2", "xz", "txz", "lz", "lzma"],
    ...["tlz", "lzh", "lha", "z", "cab", "arj", "ace", "zst", "zstd", "cpio", "sit", "sitx", "shar"],
  ],
  macroDocuments: [
    ...["docm", "dotm", "xlsm", "xltm", "xlam", "xlsb", "xla", "xlm", "pptm", "potm", "ppam", "ppsm"],
    ...["sldm", "ppa"],
  ],
  webPages: [
    ...["html", "htm", "xhtml", "xht", "mht", "mhtml", "svg", "svgz", "hta", "htc", "xml", "xsl"],
    ...["xslt"],
  ],
  diskImages: [
    ...["iso", "img", "vhd", "vhdx", "vmdk", "vdi", "qcow", "qcow2", "ova", "ovf", "dmg", "toast"],
    ...["nrg", "cue", "udf", "wim", "sparseimage", "sparsebundle"],
  ],
} as const satisfies Record<string, readonly string[]>;

/** Every refused extension, lower case without the dot. */
export const BLOCKED_EXTENSIONS: ReadonlySet<string> = new Set(
  Object.values(BLOCKED_EXTENSION_GROUPS).flat(),
);

/** A file about to be uploaded. */
export interface TUploadCandidate {
  /** Name as the user's system gave it. */
  filename: string;
  /** MIME type the browser or client declared; empty when none. */
  declaredType: string;
  /** First bytes of the file (at least 8 KiB when the file is that long). */
  bytes: Uint8Array;
  /** Total size in bytes; defaults to `bytes.length` (the whole file was given). */
  size?: number;
}

/** Why a file was refused. */
export type TUploadRefusal =
  | "blocked-extension"
  | "script-content"
  | "unknown-type"
  | "type-mismatch"
  | "not-allowed";

/** Outcome of `checkUpload`. */
export type TUploadCheck =
  | { ok: true; type: TDetectedType; mime: string }
  | { ok: false; reason: TUploadRefusal; message: string };

/** Allowed extensions (lower case, no dot) mapped to the MIME types they may carry. */
export type TAllowedTypes = Readonly<Record<string, readonly string[]>>;

/** Options of `checkUpload`. */
export interface TUploadOptions {
  /** When set, the file's extension must be a key and its detected type one of that key's MIME types. */
  allowed?: TAllowedTypes;
}

/** The human messages of each refusal; each starts with the §8 'File invalid.' text. */
export const UPLOAD_MESSAGES: Readonly<Record<TUploadRefusal, string>> = {
  "blocked-extension": `${CODES.fileInvalid.message} Files of this kind cannot be uploaded.`,
  "script-content": `${CODES.fileInvalid.message} The file contains a web page, a script or macros.`,
  "unknown-type": `${CODES.fileInvalid.message} The file type is not recognized.`,
  "type-mismatch": `${CODES.fileInvalid.message} The file's content does not match its type.`,
  "not-allowed": `${CODES.fileInvalid.message} This file type is not accepted here.`,
};

/** The name without folders, lower case, with the trailing dots and spaces Windows ignores removed. */
function cleanName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  return base.toLowerCase().replace(/[\s.]+$/u, "");
}

/** Lower-case extension of a file name (last dot-separated part), `""` when there is none. */
export function extensionOf(filename: string): string {
  const name = cleanName(filename);
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).trim();
}

/**
 * The first refused extension found in a name, or `null`. Every part after the first is checked,
 * split on dots and on the `;` (IIS), `:` (NTFS streams) and NUL tricks that hide a real extension.
 */
export function blockedExtensionOf(filename: string): string | null {
  const parts = cleanName(filename).split(/[.;:\0]/);
  for (const part of parts.slice(1)) {
    const ext = part.trim().replace(/\$data$/, "");
    if (BLOCKED_EXTENSIONS.has(ext)) return ext;
  }
  return null;
}

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

type TSniff = TDetectedType | "macro" | null;

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

function sniff(bytes: Uint8Array, size: number, ext: string): TSniff {
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

// mp4 and QuickTime are one container family; players and browsers mix their names freely.
const FAMILIES: readonly (readonly TDetectedType[])[] = [["mp4", "mov"]];

function sameFamily(a: TDetectedType, b: TDetectedType): boolean {
  return a === b || FAMILIES.some((family) => family.includes(a) && family.includes(b));
}

function typeOfExtension(ext: string): TDetectedType | null {
  const entry = Object.entries(FILE_TYPES).find(([, info]) => info.extensions.includes(ext));
  return entry ? (entry[0] as TDetectedType) : null;
}

function typeOfMime(mime: string): TDetectedType | null {
  const entry = Object.entries(FILE_TYPES).find(
    ([, info]) => info.mime === mime || info.aliases.includes(mime),
  );
  return entry ? (entry[0] as TDetectedType) : null;
}

/**
 * The declared MIME type without parameters, lower case. `application/octet-stream` counts as
 * empty: it is what clients send when they do not know the type.
 */
export function normalizeDeclaredType(declared: string): string {
  const mime = declared.split(";")[0]?.trim().toLowerCase() ?? "";
  return mime === "application/octet-stream" ? "" : mime;
}

function refuse(reason: TUploadRefusal): TUploadCheck {
  return { ok: false, reason, message: UPLOAD_MESSAGES[reason] };
}

/**
 * Applies every §5 upload rule in order: blocked extension, script content, known type, declared
 * type (and extension) matching the content, then the optional allowed-type map.
 */
export function checkUpload(file: TUploadCandidate, options: TUploadOptions = {}): TUploadCheck {
  if (blockedExtensionOf(file.filename) !== null) return refuse("blocked-extension");
  if (startsWithScript(file.bytes)) return refuse("script-content");
  const ext = extensionOf(file.filename);
  const found = sniff(file.bytes, file.size ?? file.bytes.length, ext);
  if (found === "macro") return refuse("script-content");
  if (found === null) return refuse("unknown-type");

  const extType = typeOfExtension(ext);
  if (extType !== null && !sameFamily(extType, found)) return refuse("type-mismatch");
  const declared = normalizeDeclaredType(file.declaredType);
  const declaredType = declared === "" ? null : typeOfMime(declared);
  if (declared !== "" && (declaredType === null || !sameFamily(declaredType, found))) {
    return refuse("type-mismatch");
  }
  // Within a family the name the user chose wins (a `.mov` stays QuickTime).
  const type = extType ?? declaredType ?? found;
  const info = FILE_TYPES[type];

  if (options.allowed) {
    const mimes = options.allowed[ext];
    const isAllowed = mimes?.some((m) => m === info.mime || info.aliases.includes(m)) ?? false;
    if (!isAllowed) return refuse("not-allowed");
  }
  return { ok: true, type, mime: info.mime };
}

/** 3D formats the web cannot show: the owner converts them to glTF or GLB first. */
export const MODEL_CONVERT_FORMATS: ReadonlySet<string> = new Set([
  "stl",
  "step",
  "stp",
  "iges",
  "igs",
  "obj",
  "fbx",
  "3ds",
  "dae",
  "blend",
  "3dm",
  "usdz",
  "usd",
  "ply",
  "skp",
  "max",
  "c4d",
  "sldprt",
  "x_t",
]);

/** Archives: the owner unzips them and uploads the files inside. */
export const MODEL_ARCHIVE_FORMATS: ReadonlySet<string> = new Set([
  "zip",
  "zipx",
  "rar",
  "7z",
  "tar",
  "gz",
  "tgz",
  "bz2",
  "xz",
]);

/**
 * What an owner should do with a file a model upload cannot take: `convert` another 3D format,
 * `unzip` an archive; null for anything else. Archives are on the blocklist, so a plain
 * `model.zip` gets the advice but `x.php.zip` does not (it stays refused as blocked).
 */
export function modelFormatAdvice(filename: string): { advice: "convert" | "unzip"; format: string } | null {
  const format = extensionOf(filename);
  const blocked = blockedExtensionOf(filename);
  if (MODEL_ARCHIVE_FORMATS.has(format) && (blocked === null || MODEL_ARCHIVE_FORMATS.has(blocked)))
    return { advice: "unzip", format };
  if (blocked === null && MODEL_CONVERT_FORMATS.has(format)) return { advice: "convert", format };
  return null;
}
