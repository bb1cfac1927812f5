/**
 * Checks run in the browser before a file is sent, so a user hears the refusal at once (the
 * server applies the same rules again): model sets (one `.glb`, or one `.gltf` with its `.bin`
 * and textures), annotation images (jpg/png ≤ 4 MB) and videos (mp4).
 */
import {
  blockedExtensionOf,
  checkImage,
  checkUpload,
  extensionOf,
  modelFormatAdvice,
} from "@vitrine/contract";
import type { TModelRefusal } from "./upload-refusal";

/** Extensions a `.gltf` may bring along (buffers and textures). */
export const GLTF_COMPANION_EXTENSIONS = ["bin", "png", "jpg", "jpeg", "webp", "ktx2"] as const;

/** Largest video accepted (the server's cap, 50 MB). */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/** Why a set of model files cannot be sent (an i18n key under `content:upload.errors`). */
export type TModelFilesProblem = "empty" | "blocked" | "noModel" | "twoModels" | "glbAlone" | "stray";

/** A file as far as the pre-check needs it. */
export interface TNamedFile {
  name: string;
  size: number;
}

/**
 * Another 3D format or an archive among the files, worded as the server would refuse it (so
 * the owner hears what to do at once: convert, or unzip).
 */
export function formatAdviceOf(files: readonly TNamedFile[]): TModelRefusal | null {
  for (const file of files) {
    const advice = modelFormatAdvice(file.name);
    if (!advice) continue;
    const format = advice.format.toUpperCase();
    return advice.advice === "unzip"
      ? { key: "upload.refused.unzip", values: { format }, isProductionHelp: false }
      : { key: "upload.refused.convert", values: { format }, isProductionHelp: true };
  }
  return null;
}

/** The problem with a set of model files, or null when it may be sent (see also {@link formatAdviceOf}). */
export function checkModelFiles(files: readonly TNamedFile[]): TModelFilesProblem | null {
  if (files.length === 0) return "empty";
  if (files.some((f) => blockedExtensionOf(f.name) !== null)) return "blocked";
  const exts = files.map((f) => extensionOf(f.name));
  const glb = exts.filter((e) => e === "glb").length;
  const gltf = exts.filter((e) => e === "gltf").length;
  if (glb + gltf === 0) return "noModel";
  if (glb + gltf > 1) return "twoModels";
  if (glb === 1) return files.length === 1 ? null : "glbAlone";
  const companions: readonly string[] = GLTF_COMPANION_EXTENSIONS;
  return exts.every((e) => e === "gltf" || companions.includes(e)) ? null : "stray";
}

/** A title for a new content from its model file name (`Fox.glb` → `Fox`). */
export function titleFromFiles(files: readonly TNamedFile[]): string {
  const model = files.find((f) => ["glb", "gltf"].includes(extensionOf(f.name)));
  const base = (model?.name ?? "").split(/[\\/]/).pop() ?? "";
  return base
    .replace(/\.[^.]+$/, "")
    .trim()
    .slice(0, 100);
}

/** The first bytes of a file, enough for signature checks. */
export async function headOf(file: Blob, length = 8192): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer());
}

/** The §5 image rule for a picked file: null when fine, else the English contract message. */
export async function checkImageFile(file: File): Promise<string | null> {
  return checkImage({ name: file.name, size: file.size, bytes: await headOf(file, 16) });
}

/** Why a video cannot be sent: `type` (not an mp4), `size`, or null when fine. */
export async function checkVideoFile(file: File): Promise<"type" | "size" | null> {
  if (extensionOf(file.name) !== "mp4") return "type";
  const result = checkUpload({
    filename: file.name,
    declaredType: file.type,
    bytes: await headOf(file),
    size: file.size,
  });
  if (!result.ok || result.type !== "mp4") return "type";
  return file.size > VIDEO_MAX_BYTES ? "size" : null;
}
