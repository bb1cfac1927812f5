/**
 * The studio's words for a refused model upload (issue 9, item 13). The server answers a code
 * per reason an owner can act on, with details in `data` (missing file names, the empty or
 * cut-off file, the format); this turns the answer into a `content` message key and its values,
 * so both languages name the file and say what to do. Other refusals are left to the generic
 * result message.
 */
import { CODES, type TCallResult } from "@vitrine/contract";

/** A refusal as the upload zone shows it. */
export interface TModelRefusal {
  /** Key under the `content` namespace. */
  key:
    | "upload.refused.missing"
    | "upload.refused.empty"
    | "upload.refused.truncated"
    | "upload.refused.noScene"
    | "upload.refused.noMesh"
    | "upload.refused.convert"
    | "upload.refused.unzip"
    | "upload.refused.damaged";
  /** Interpolation values (`count` selects the plural form). */
  values: { files?: string; count?: number; file?: string; format?: string; detail?: string };
  /** True when the owner may ask us to produce the model instead (support e-mail). */
  isProductionHelp: boolean;
}

function dataOf(result: Pick<TCallResult<unknown>, "data">): Record<string, unknown> {
  const data: unknown = result.data;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
}

function text(value: unknown, fallback = ""): string {
  return typeof value === "string" ? value : fallback;
}

/** The studio's refusal for an upload answer, or null when the generic message fits. */
export function modelRefusalOf(
  result: Pick<TCallResult<unknown>, "rescode" | "data" | "transport">,
): TModelRefusal | null {
  if (result.transport !== undefined) return null;
  const data = dataOf(result);
  const file = text(data.file);
  const format = text(data.format).toUpperCase();
  switch (result.rescode) {
    case CODES.modelFileMissing.rescode: {
      const names = Array.isArray(data.missing) ? data.missing.filter((n) => typeof n === "string") : [];
      if (names.length === 0) return null;
      return {
        key: "upload.refused.missing",
        values: { files: names.join(", "), count: names.length },
        isProductionHelp: false,
      };
    }
    case CODES.modelFileEmpty.rescode:
      return { key: "upload.refused.empty", values: { file }, isProductionHelp: false };
    case CODES.modelFileTruncated.rescode:
      return { key: "upload.refused.truncated", values: { file }, isProductionHelp: false };
    case CODES.modelNothingToDraw.rescode:
      return {
        key: data.reason === "noScene" ? "upload.refused.noScene" : "upload.refused.noMesh",
        values: {},
        isProductionHelp: false,
      };
    case CODES.modelConvertFirst.rescode:
      return { key: "upload.refused.convert", values: { format }, isProductionHelp: true };
    case CODES.modelDamaged.rescode:
      // The validator's own words (English) stand inside the owner's sentence, as a detail.
      return {
        key: "upload.refused.damaged",
        values: { file: file || "—", detail: text(data.detail).slice(0, 300) },
        isProductionHelp: true,
      };
    case CODES.modelUnzipFirst.rescode:
      return { key: "upload.refused.unzip", values: { format }, isProductionHelp: false };
    default:
      return null;
  }
}
