/** Advice for a file a model upload cannot take: convert another 3D format, or unzip an archive. */
import { blockedExtensionOf, extensionOf } from "./names";

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
