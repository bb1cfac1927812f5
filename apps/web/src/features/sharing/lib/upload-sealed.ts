/** Uploads an encrypted snapshot (`POST /api/upload/sealed`); the answer is the new link. */
import { ZUploadSealedResult } from "@vitrine/contract";
import { type TUploadOptions, upload } from "../../../api/upload";

/** Path of the sealed snapshot upload. */
export const SEALED_UPLOAD_PATH = "/api/upload/sealed";

/** Sends the ciphertext of `contentId`'s snapshot with upload progress. */
export function uploadSealed(contentId: string, ciphertext: Uint8Array, options: TUploadOptions = {}) {
  const form = new FormData();
  form.append("content_id", contentId);
  form.append(
    "file",
    new Blob([ciphertext as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" }),
    "snapshot.vts",
  );
  return upload(SEALED_UPLOAD_PATH, form, ZUploadSealedResult, options);
}
