/**
 * 3D content calls (issue 4): the owner's contents, their build data (annotations, motion steps,
 * materials, scene) and specification. Uploads are multipart routes, not calls: `POST
 * /api/upload/model` and `POST /api/upload/image` answer the envelope with the data schemas of
 * `content-uploads.ts`. This file declares the calls; the content's schemas are in
 * `content-schemas.ts`.
 */
import { z } from "zod";
import { defineCall } from "../call";
import { ZBlobUrl, ZBuild, ZContentDoc, ZContentSummary, ZSpecification } from "./content-schemas";

// The schemas are part of this module's exports: `calls/index.ts` re-exports this file.
export * from "./content-schemas";
export * from "./content-uploads";

const ZContentRef = z.object({ content_id: z.string().min(1).max(80) }).strict();

/** The owner's contents, searched and sorted. */
export const contentListCall = defineCall({
  path: "/api/content/request_content_list",
  module: "content",
  input: z
    .object({
      search: z.string().trim().max(100).default(""),
      sort: z.enum(["updated", "title", "views", "created"]).default("updated"),
    })
    .strict(),
  output: z.object({ docs: z.array(ZContentSummary) }),
  auth: "owner",
  summary: "Lists the owner's contents (thumbnail, title, status, public, views, updated time).",
});

/** One content of the owner. */
export const contentDetailCall = defineCall({
  path: "/api/content/request_content_detail",
  module: "content",
  input: ZContentRef,
  output: z.object({ doc: ZContentDoc }),
  auth: "owner",
  summary: "One content of the owner, with its build data and specification.",
});

/** Changes title, public switch, build data, specification or thumbnail. */
export const contentUpdateCall = defineCall({
  path: "/api/content/request_content_update",
  module: "content",
  input: z
    .object({
      content_id: z.string().min(1).max(80),
      title: z.string().trim().min(1, "Please enter a title.").max(100).optional(),
      is_public: z.boolean().optional(),
      build: ZBuild.optional(),
      specification: ZSpecification.optional(),
      /** A thumbnail uploaded with `/api/upload/image` (purpose `thumbnail`). */
      thumbnail_url: ZBlobUrl.optional(),
    })
    .strict(),
  output: z.object({ doc: ZContentDoc }),
  auth: "owner",
  summary: "Updates a content; plan limits (annotations, images per annotation, link buttons) are enforced.",
});

/** Copies a content (same model blobs, copied build data). */
export const contentDuplicateCall = defineCall({
  path: "/api/content/request_content_duplicate",
  module: "content",
  input: ZContentRef,
  output: z.object({ doc: ZContentDoc }),
  auth: "owner",
  summary: "Duplicates a content under a new id.",
});

/** Deletes a content and the blobs nothing else uses. */
export const contentDeleteCall = defineCall({
  path: "/api/content/request_content_delete",
  module: "content",
  input: ZContentRef,
  output: z.object({ deleted: z.literal(true) }),
  auth: "owner",
  summary: "Deletes a content and removes its blobs when no other content uses them.",
});

/** Queues processing again for a failed content. */
export const contentRetryCall = defineCall({
  path: "/api/content/request_content_retry",
  module: "content",
  input: ZContentRef,
  output: z.object({ doc: ZContentDoc }),
  auth: "owner",
  rate: "heavy",
  summary: "Retries processing of a failed content.",
});

/** Marks a content as a produced model (motion steps open); super accounts only. */
export const contentSetProducedCall = defineCall({
  path: "/api/content/request_content_set_produced",
  module: "content",
  input: z
    .object({
      content_id: z.string().min(1).max(80),
      is_produced: z.boolean(),
      /** Why (the console asks; written to the audit log). */
      reason: z.string().trim().max(500).optional(),
    })
    .strict(),
  output: z.object({ doc: ZContentDoc }),
  auth: "super",
  summary:
    "Marks or unmarks a content as produced by the platform (SPEC §1: animations on produced models only).",
});
