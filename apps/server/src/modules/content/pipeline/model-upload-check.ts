/**
 * The rules of a model upload (DESIGN "3D content", SPEC §5): each part passes the general
 * upload rules for the types a model may be made of; the parts form one model (one `.glb`, or
 * one `.gltf` with its `.bin` and textures); every URI in the model stays inside the upload;
 * the Khronos validator finds no error; a scene shows at least one mesh. Refusals the owner can
 * act on have their own codes with details in `data` (a missing file, an empty or cut-off file,
 * nothing to draw, a format to convert, an archive to unzip); the rest are `fileInvalid` with a
 * short reason.
 */
import {
  AppError,
  blockedExtensionOf,
  CODES,
  checkUpload,
  extensionOf,
  modelFormatAdvice,
  normalizeDeclaredType,
  startsWithScript,
  type TAllowedTypes,
  UPLOAD_MESSAGES,
} from "@vitrine/contract";
import type { validateBytes } from "gltf-validator";
import type { TReceivedFile } from "../../../platform/uploads/multipart";
import { loadGltfValidator, loadKnownExtensions } from "./packages";
import { REPAIRED_VALIDATOR_CODES } from "./repair";

/** The multipart field of model files (DESIGN "Fixed interfaces"). */
export const MODEL_FIELD = "files";
/** Most files one model upload may have. */
export const MODEL_MAX_FILES = 64;

const ALLOWED: TAllowedTypes = {
  glb: ["model/gltf-binary"],
  gltf: ["model/gltf+json"],
  png: ["image/png"],
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
};

const PREFIX = CODES.fileInvalid.message;

/** Refuses the upload with `File invalid. <reason>`. */
export function refuse(reason: string): AppError {
  return new AppError("fileInvalid", { message: `${PREFIX} ${reason}` });
}

/** Refusal texts the studio shows as they are. */
export const MODEL_MESSAGES = {
  choose: "Choose a .glb file, or a .gltf file with its .bin and texture files.",
  oneModel: "Upload one model at a time: one .glb file, or one .gltf file with its .bin and texture files.",
  sameName: "Two files have the same name.",
  field: "Send model files in parts named files.",
  damaged: "The model file is damaged:",
  outside: "The model refers to a file outside the upload:",
  dataType: "The model embeds data of a type that is not allowed.",
} as const;

/** The KTX 2.0 file identifier (KHR_texture_basisu textures). */
const KTX2_SIGNATURE = [0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a];

function isKtx2(bytes: Uint8Array): boolean {
  return KTX2_SIGNATURE.every((b, i) => bytes[i] === b);
}

function isWebp(bytes: Uint8Array): boolean {
  const text = String.fromCharCode(...bytes.subarray(0, 12));
  return text.startsWith("RIFF") && text.slice(8, 12) === "WEBP";
}

/**
 * The §5 rules for one part of a model upload, on its name, declared type and first bytes.
 * `.bin` buffers have no signature, so only the blocklist and script rules apply to them. Other
 * 3D formats and archives are refused with what to do instead; an empty part says so.
 */
export function checkModelPart(
  file: Pick<TReceivedFile, "field" | "filename" | "declaredType" | "head">,
): void {
  if (file.field !== MODEL_FIELD) throw refuse(MODEL_MESSAGES.field);
  const advice = modelFormatAdvice(file.filename);
  if (advice) {
    throw new AppError(advice.advice === "unzip" ? "modelUnzipFirst" : "modelConvertFirst", {
      data: { format: advice.format },
    });
  }
  if (blockedExtensionOf(file.filename) !== null)
    throw new AppError("fileInvalid", { message: UPLOAD_MESSAGES["blocked-extension"] });
  const ext = extensionOf(file.filename);
  // The head holds the first bytes; it is empty only when the whole file is.
  if (file.head.byteLength === 0) throw new AppError("modelFileEmpty", { data: { file: file.filename } });
  const declared = normalizeDeclaredType(file.declaredType);
  if (ext === "bin" || ext === "webp" || ext === "ktx2") {
    if (startsWithScript(file.head))
      throw new AppError("fileInvalid", { message: UPLOAD_MESSAGES["script-content"] });
    const isTypeRight =
      ext === "bin"
        ? declared === "" || declared === "application/gltf-buffer"
        : ext === "webp"
          ? isWebp(file.head) && (declared === "" || declared === "image/webp")
          : isKtx2(file.head) && (declared === "" || declared === "image/ktx2");
    if (!isTypeRight) throw new AppError("fileInvalid", { message: UPLOAD_MESSAGES["type-mismatch"] });
    return;
  }
  const check = checkUpload(
    { filename: file.filename, declaredType: file.declaredType, bytes: file.head },
    { allowed: ALLOWED },
  );
  if (!check.ok) throw new AppError("fileInvalid", { message: check.message });
}

/** The parts of one model: its main file and the files it may refer to, by name. */
export interface TModelParts {
  kind: "glb" | "gltf";
  main: TReceivedFile;
  others: ReadonlyMap<string, TReceivedFile>;
}

/** Groups the received parts into one model, or refuses. */
export function modelPartsOf(files: readonly TReceivedFile[]): TModelParts {
  const mains = files.filter((f) => ["glb", "gltf"].includes(extensionOf(f.filename)));
  const main = mains[0];
  if (!main) throw refuse(MODEL_MESSAGES.choose);
  if (mains.length > 1) throw refuse(MODEL_MESSAGES.oneModel);
  const kind = extensionOf(main.filename) === "glb" ? "glb" : "gltf";
  if (kind === "glb" && files.length > 1) throw refuse(MODEL_MESSAGES.oneModel);
  const others = new Map<string, TReceivedFile>();
  for (const file of files) {
    if (file === main) continue;
    if (others.has(file.filename) || file.filename === main.filename) throw refuse(MODEL_MESSAGES.sameName);
    others.set(file.filename, file);
  }
  return { kind, main, others };
}

/** The glTF JSON of a model. */
export type TGltfJson = Record<string, unknown> & {
  buffers?: Array<{ uri?: unknown }>;
  images?: Array<{ uri?: unknown }>;
};

function damaged(detail: string): AppError {
  return refuse(`${MODEL_MESSAGES.damaged} ${detail}`);
}

const GLB_MAGIC = 0x46546c67;

/**
 * True when `bytes` start like a GLB but stop before the length its header (or its JSON chunk)
 * declares: the file was cut off in a download or a copy.
 */
function isCutOffGlb(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 4 || view.getUint32(0, true) !== GLB_MAGIC) return false;
  if (bytes.byteLength < 12) return true;
  if (view.getUint32(8, true) > bytes.byteLength) return true;
  return bytes.byteLength >= 20 ? 20 + view.getUint32(12, true) > bytes.byteLength : true;
}

/** Reads the JSON of a `.glb` (its first chunk) or a `.gltf`; `filename` names it in refusals. */
export function readGltfJson(kind: "glb" | "gltf", bytes: Uint8Array, filename = ""): TGltfJson {
  let text: string;
  if (kind === "glb") {
    if (isCutOffGlb(bytes)) throw new AppError("modelFileTruncated", { data: { file: filename } });
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const isHeaderRight =
      bytes.byteLength >= 20 &&
      view.getUint32(0, true) === GLB_MAGIC &&
      view.getUint32(4, true) === 2 &&
      view.getUint32(8, true) === bytes.byteLength &&
      view.getUint32(16, true) === 0x4e4f534a;
    const jsonLength = isHeaderRight ? view.getUint32(12, true) : 0;
    if (!isHeaderRight || 20 + jsonLength > bytes.byteLength) {
      throw damaged("its GLB header or length is wrong.");
    }
    text = new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength));
  } else {
    text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
  }
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== "object" || json === null || Array.isArray(json)) throw new Error("not an object");
    return json as TGltfJson;
  } catch {
    throw damaged("its JSON cannot be read.");
  }
}

const BUFFER_DATA_TYPES = new Set(["application/octet-stream", "application/gltf-buffer"]);
const IMAGE_DATA_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/ktx2"]);

function shortUri(uri: string): string {
  return uri.length > 80 ? `${uri.slice(0, 77)}…` : uri;
}

/**
 * The uploaded file a relative URI names (or its bare name when it was not uploaded), or a
 * refusal: absolute URIs (`http:`, `file:`, `/x`) and paths that climb out (`../`) are refused.
 * Folders inside the URI are ignored (a browser uploads bare file names), so
 * `textures/wood.png` is the uploaded `wood.png`.
 */
function partOfUri(uri: string, others: ReadonlyMap<string, TReceivedFile>): TReceivedFile | string {
  const outside = () => refuse(`${MODEL_MESSAGES.outside} ${shortUri(uri)}`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith("/") || uri.startsWith("\\")) throw outside();
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    throw damaged(`a file reference cannot be read: ${shortUri(uri)}`);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(decoded) || /^[\\/]/.test(decoded) || decoded.includes("\0"))
    throw outside();
  const segments = decoded.split(/[\\/]/);
  if (segments.some((s) => s === "..")) throw outside();
  const name = segments[segments.length - 1] ?? "";
  return others.get(name.normalize("NFC")) ?? shortUri(name);
}

/** Refuses a model whose files were not all uploaded, naming each (the first few). */
export function missingFiles(names: readonly string[]): AppError {
  const unique = [...new Set(names)].slice(0, 10);
  const list = unique.join(", ");
  const message =
    unique.length === 1
      ? `This model needs ${list}: add it to the upload.`
      : `This model needs ${list}: add them to the upload.`;
  return new AppError("modelFileMissing", { message, data: { missing: unique } });
}

function checkDataUri(uri: string, allowed: ReadonlySet<string>): void {
  const mime = /^data:([^;,]*)/i.exec(uri)?.[1]?.trim().toLowerCase() ?? "";
  if (!allowed.has(mime)) throw refuse(MODEL_MESSAGES.dataType);
}

/**
 * Checks every buffer and image URI of the model; answers the uploaded file each external URI
 * (as written in the JSON) names.
 */
export function resolveModelUris(
  json: TGltfJson,
  others: ReadonlyMap<string, TReceivedFile>,
): Map<string, TReceivedFile> {
  const resolved = new Map<string, TReceivedFile>();
  const missing: string[] = [];
  const groups: Array<[unknown, ReadonlySet<string>]> = [
    [json.buffers, BUFFER_DATA_TYPES],
    [json.images, IMAGE_DATA_TYPES],
  ];
  for (const [list, dataTypes] of groups) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw damaged("its buffers or images are not lists.");
    for (const item of list) {
      const uri: unknown =
        typeof item === "object" && item !== null ? (item as { uri?: unknown }).uri : undefined;
      if (uri === undefined) continue;
      if (typeof uri !== "string") throw damaged("a file reference is not text.");
      if (/^data:/i.test(uri)) checkDataUri(uri, dataTypes);
      else {
        const part = partOfUri(uri, others);
        if (typeof part === "string") missing.push(part);
        else resolved.set(uri, part);
      }
    }
  }
  if (missing.length > 0) throw missingFiles(missing);
  return resolved;
}

type TJsonNode = { mesh?: unknown; children?: unknown };
type TJsonMesh = { primitives?: Array<{ attributes?: Record<string, unknown> }> };

/**
 * Refuses a model that would show nothing: no scene (three.js shows `scene`, else the first),
 * or no mesh primitive with positions on any node that scene reaches. Points and lines count:
 * three.js draws them. The JSON has passed the validator, so indices are in range.
 */
export function checkDrawable(json: TGltfJson): void {
  const scenes = Array.isArray(json.scenes) ? (json.scenes as Array<{ nodes?: unknown }>) : [];
  const sceneIndex = typeof json.scene === "number" ? json.scene : 0;
  const scene = scenes[sceneIndex];
  if (!scene) throw new AppError("modelNothingToDraw", { data: { reason: "noScene" } });
  const nodes = Array.isArray(json.nodes) ? (json.nodes as TJsonNode[]) : [];
  const meshes = Array.isArray(json.meshes) ? (json.meshes as TJsonMesh[]) : [];
  const seen = new Set<number>();
  const stack = Array.isArray(scene.nodes)
    ? scene.nodes.filter((n): n is number => typeof n === "number")
    : [];
  while (stack.length > 0) {
    const index = stack.pop() ?? -1;
    if (seen.has(index)) continue;
    seen.add(index);
    const node = nodes[index];
    if (!node) continue;
    const mesh = typeof node.mesh === "number" ? meshes[node.mesh] : undefined;
    if (mesh?.primitives?.some((p) => p.attributes?.POSITION !== undefined)) return;
    if (Array.isArray(node.children)) {
      for (const child of node.children) if (typeof child === "number") stack.push(child);
    }
  }
  throw new AppError("modelNothingToDraw", { data: { reason: "noMesh" } });
}

/**
 * Refuses a model that needs an extension no web viewer reads (listed as required and used):
 * three.js refuses such a file too. A required one used nowhere is only dropped by the pipeline.
 */
export async function checkRequiredExtensions(json: TGltfJson, filename = ""): Promise<void> {
  const known = await loadKnownExtensions();
  const used = new Set(Array.isArray(json.extensionsUsed) ? json.extensionsUsed : []);
  const required = Array.isArray(json.extensionsRequired) ? json.extensionsRequired : [];
  const unknown = required.find((name) => typeof name === "string" && used.has(name) && !known.has(name));
  if (typeof unknown !== "string") return;
  const detail = `it needs the extension ${unknown.slice(0, 100)}, which web viewers cannot read.`;
  throw new AppError("modelDamaged", {
    message: `${CODES.modelDamaged.message} (${detail})`,
    data: { file: filename, detail },
  });
}

/** A relative URI decoded, with `./` segments and repeated slashes taken out. */
function plainUri(uri: string): string {
  return safeDecode(uri)
    .split(/[\\/]+/)
    .filter((segment) => segment !== "." && segment !== "")
    .join("/");
}

function safeDecode(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/**
 * Most issues the validator reports (it stops counting there). High enough that a model with
 * thousands of repairable faults still shows an unrepairable one among them.
 */
const MAX_ISSUES = 2000;

/**
 * Runs the Khronos validator; external resources resolve only to the uploaded files already
 * matched to the model's URIs. Errors the pipeline repairs (`REPAIRED_VALIDATOR_CODES`: faults
 * that three.js, Babylon and `<model-viewer>` draw past) are let through; any other refuses the
 * upload with `modelDamaged`, naming the file and the first such error. A file the validator
 * cannot read as glTF at all is `fileInvalid`.
 */
export async function validateModel(
  kind: "glb" | "gltf",
  bytes: Uint8Array,
  resources: ReadonlyMap<string, Uint8Array>,
  filename = "",
): Promise<void> {
  // The validator hands a URI back resolved its own way: percent-encoded (`my%20box.bin` for
  // `my box.bin`) or without a leading `./` (`./wood.png`), so both sides are compared plain.
  const byPlain = new Map<string, Uint8Array>();
  for (const [uri, data] of resources) byPlain.set(plainUri(uri), data);
  const { validateBytes } = await loadGltfValidator();
  let report: Awaited<ReturnType<typeof validateBytes>>;
  try {
    report = await validateBytes(bytes, {
      format: kind,
      maxIssues: MAX_ISSUES,
      writeTimestamp: false,
      externalResourceFunction: async (uri) => {
        // The validator may hand the URI back percent-encoded (`my%20box.bin` for `my box.bin`).
        const data = resources.get(uri) ?? byPlain.get(plainUri(uri));
        if (!data) throw new Error("not part of the upload");
        return data;
      },
    });
  } catch {
    throw damaged("it is not a glTF 2.0 model.");
  }
  if (report.issues.numErrors === 0) return;
  const fatal = report.issues.messages.find((m) => m.severity === 0 && !REPAIRED_VALIDATOR_CODES.has(m.code));
  // Errors past the report's end may hide one: the pipeline validates what it serves as well.
  if (!fatal) return;
  throw new AppError("modelDamaged", {
    message: `${CODES.modelDamaged.message} (${fatal.message})`,
    data: { file: filename, detail: fatal.message },
  });
}
