/**
 * Booth media uploads through the one §5 checker: panel images (`POST /api/upload/image`,
 * purpose `booth_image`), the video (`POST /api/upload/video`, mp4) and documents
 * (`POST /api/upload/file`, purpose `booth_document`, pdf). None belongs to a content.
 */
import { ZUploadMediaResult } from "@vitrine/contract";
import { upload, uploadFile } from "../../../api/upload";

/** Uploads a jpg/png panel image; answers its blob URL. */
export function uploadBoothImage(file: File) {
  const form = new FormData();
  form.append("purpose", "booth_image");
  form.append("file", file, file.name);
  return upload("/api/upload/image", form, ZUploadMediaResult);
}

/** Uploads the booth's mp4 video; answers its blob URL. */
export function uploadBoothVideo(file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append("file", file, file.name);
  return upload("/api/upload/video", form, ZUploadMediaResult, { onProgress });
}

/** Uploads a pdf document; answers `{url, name, size, type}`. */
export function uploadBoothDocument(file: File) {
  return uploadFile(file, "booth_document");
}
