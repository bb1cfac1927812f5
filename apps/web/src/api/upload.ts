/**
 * Multipart uploads (models, images, videos) with upload progress. `fetch` cannot report upload
 * progress, so this uses `XMLHttpRequest`; the answer is the same envelope as a call's, and the
 * session rules (803 refresh and repeat, 403 sign-out) are the API module's.
 */
import {
  type TCallResult,
  type TFilePurpose,
  TRANSPORT_RESCODE,
  ZResponseEnvelope,
  ZUploadFileResult,
  ZUploadMediaResult,
  ZUploadModelResult,
} from "@vitrine/contract";
import { getAccessToken } from "../stores/session";
import { settleOwnerAnswer } from "./";

/** Options of {@link upload}. */
export interface TUploadOptions {
  /** Called with the share of bytes sent, 0..1. */
  onProgress?: (fraction: number) => void;
  /** Cancels the upload. */
  signal?: AbortSignal;
}

/** The part of a zod schema the upload answer is checked with. */
export interface TAnswerSchema<T> {
  safeParse: (data: unknown) => { success: true; data: T } | { success: false };
}

function transportFailure(message: string, transport: "refused" | "failed" = "refused"): TCallResult<never> {
  return { status: false, rescode: TRANSPORT_RESCODE, data: null, message, transport };
}

function send(path: string, form: FormData, options: TUploadOptions): Promise<TCallResult<unknown>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // An answer that is not the envelope (a proxy's error page) reads as a transport failure.
      }
      const parsed = ZResponseEnvelope.safeParse(json);
      if (!parsed.success) {
        resolve(transportFailure(`HTTP ${xhr.status}`, "failed"));
        return;
      }
      resolve(parsed.data as TCallResult<unknown>);
    };
    xhr.onerror = () => resolve(transportFailure("network error"));
    xhr.onabort = () => resolve(transportFailure("aborted"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Sends `form` to an upload route with the owner's token and validates the answer's `data` with
 * `schema`. Never throws: a failure is `status: false` with the server's rescode and message.
 */
export async function upload<T>(
  path: string,
  form: FormData,
  schema: TAnswerSchema<T>,
  options: TUploadOptions = {},
): Promise<TCallResult<T>> {
  let result = await send(path, form, options);
  if (settleOwnerAnswer(result, false) === "repeat") {
    result = await send(path, form, options);
    settleOwnerAnswer(result, true);
  }
  if (!result.status) return result as TCallResult<never>;
  const data = schema.safeParse(result.data);
  if (!data.success) return transportFailure("unexpected answer", "failed");
  return { ...result, data: data.data } as TCallResult<T>;
}

/** Uploads a model (`.glb`, or `.gltf` with its files); answers the new content's id. */
export function uploadModel(files: readonly File[], options: TUploadOptions = {}) {
  const form = new FormData();
  for (const file of files) form.append("files", file, file.name);
  return upload("/api/upload/model", form, ZUploadModelResult, options);
}

/** What an uploaded image is for (SPEC §3 build data, specification, thumbnail). */
export type TImagePurpose = "annotation" | "animation" | "specification" | "background" | "thumbnail";

/** Uploads an image (jpg/png) for a content; answers its blob URL. */
export function uploadImage(
  file: Blob,
  filename: string,
  purpose: TImagePurpose,
  contentId: string,
  options: TUploadOptions = {},
) {
  const form = new FormData();
  form.append("purpose", purpose);
  form.append("content_id", contentId);
  form.append("file", file, filename);
  return upload("/api/upload/image", form, ZUploadMediaResult, options);
}

/** Uploads an mp4 video for an annotation; answers its blob URL. */
export function uploadVideo(file: File, contentId: string, options: TUploadOptions = {}) {
  const form = new FormData();
  form.append("content_id", contentId);
  form.append("file", file, file.name);
  return upload("/api/upload/video", form, ZUploadMediaResult, options);
}

/**
 * Uploads a general file (`POST /api/upload/file`): production references, booth documents, Q&A
 * images (contract FILE_PURPOSE_TYPES). Answers `{url, name, size, type}`.
 */
export function uploadFile(file: File, purpose: TFilePurpose, options: TUploadOptions = {}) {
  const form = new FormData();
  form.append("purpose", purpose);
  form.append("file", file, file.name);
  return upload("/api/upload/file", form, ZUploadFileResult, options);
}
