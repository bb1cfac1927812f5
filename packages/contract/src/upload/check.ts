/** `checkUpload`: every §5 rule in order, with the refusal and its message. */
import { CODES } from "../codes";
import { FILE_TYPES, type TDetectedType } from "./file-types";
import { blockedExtensionOf, extensionOf } from "./names";
import { sniff, startsWithScript } from "./sniff";

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
