/**
 * What the multipart upload routes (not calls) take and answer: `POST /api/upload/model`,
 * `/image`, `/video` and `/file` (SPEC §5): the purposes, their file types and sizes, and the
 * envelope's `data` of each answer.
 */
import { z } from "zod";
import { ZBlobUrl } from "./content-schemas";

/** Answer `data` of `POST /api/upload/model`. */
export const ZUploadModelResult = z.object({ content_id: z.string() });
/** Purposes of an image upload. */
export const IMAGE_PURPOSES = [
  "annotation",
  "animation",
  "specification",
  "background",
  "thumbnail",
  "channel_logo",
  "channel_cover",
  "profile_photo",
  "booth_image",
] as const;
/** Answer `data` of `POST /api/upload/image` and `POST /api/upload/video`. */
export const ZUploadMediaResult = z.object({ url: ZBlobUrl });

/**
 * Purposes of `POST /api/upload/file` (part `file`, field `purpose` sent before the file):
 * reference files of a production request, a booth's documents, the images of a Q&A post, and
 * (super accounts only) the `.glb` an operator delivers for a production request.
 */
export const FILE_PURPOSES = ["production", "booth_document", "qna_image", "production_model"] as const;
/** What a general file upload is for. */
export type TFilePurpose = (typeof FILE_PURPOSES)[number];

/** The extensions each file purpose takes, with the MIME types they may carry (§5 `allowed`). */
export const FILE_PURPOSE_TYPES: Readonly<Record<TFilePurpose, Readonly<Record<string, readonly string[]>>>> =
  {
    production: {
      png: ["image/png"],
      jpg: ["image/jpeg"],
      jpeg: ["image/jpeg"],
      pdf: ["application/pdf"],
      mp4: ["video/mp4"],
      mov: ["video/quicktime"],
      avi: ["video/x-msvideo"],
      wmv: ["video/x-ms-wmv"],
      ppt: ["application/vnd.ms-powerpoint"],
      pptx: ["application/vnd.openxmlformats-officedocument.presentationml.presentation"],
      stl: ["model/stl"],
      step: ["model/step"],
      stp: ["model/step"],
    },
    booth_document: { pdf: ["application/pdf"] },
    qna_image: { png: ["image/png"], jpg: ["image/jpeg"], jpeg: ["image/jpeg"] },
    production_model: { glb: ["model/gltf-binary"] },
  };

/** Largest file of each purpose (the server's UPLOAD_MAX_BYTES caps them all). */
export const FILE_PURPOSE_MAX_BYTES: Readonly<Record<TFilePurpose, number>> = {
  production: 100 * 1024 * 1024,
  booth_document: 20 * 1024 * 1024,
  qna_image: 4 * 1024 * 1024,
  production_model: 100 * 1024 * 1024,
};

/** One uploaded file as calls refer to it: `/blobs/` URL, the name the user gave, bytes, MIME type. */
export const ZUploadedFile = z
  .object({
    url: ZBlobUrl,
    name: z.string().min(1).max(200),
    size: z.number().int().min(0),
    type: z.string().min(1).max(120),
  })
  .strict();
/** An uploaded file's reference. */
export type TUploadedFile = z.infer<typeof ZUploadedFile>;
/** Answer `data` of `POST /api/upload/file`. */
export const ZUploadFileResult = ZUploadedFile;
