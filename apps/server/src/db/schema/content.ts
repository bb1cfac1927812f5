/**
 * Content tables (issue 4): the owner's 3D contents and every file an owner uploaded. Only
 * modules/content reads or writes them.
 */
import { PROCESSING_STEPS, type TBuild, type TModelInfo, type TSpecification } from "@vitrine/contract";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Processing states of a content's model (contract CONTENT_STATUSES). */
export const CONTENT_ROW_STATUSES = ["processing", "ready", "failed"] as const;

/** One 3D content: its model blobs, build data and specification. */
export const contents = pgTable(
  "contents",
  {
    id: text("id").primaryKey(),
    /** The owner's user id (accounts module); its rows go through the account-deleted listener. */
    ownerId: text("owner_id").notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: CONTENT_ROW_STATUSES }).notNull().default("processing"),
    failureReason: text("failure_reason"),
    /** The processing step under way (contract PROCESSING_STEPS); null before a worker takes it. */
    processingStep: text("processing_step", { enum: PROCESSING_STEPS }),
    /** Share of the processing done, 0–100; null before a worker takes it. */
    processingPercent: integer("processing_percent"),
    isPublic: boolean("is_public").notNull().default(false),
    isProduced: boolean("is_produced").notNull().default(false),
    /** Blob key of the uploaded model (always a single `.glb`). */
    originalKey: text("original_key").notNull(),
    /** Blob key of the optimised model; null until processing succeeds. */
    modelKey: text("model_key"),
    build: jsonb("build").$type<TBuild>().notNull(),
    specification: jsonb("specification").$type<TSpecification>().notNull(),
    thumbnailUrl: text("thumbnail_url"),
    modelInfo: jsonb("model_info").$type<TModelInfo>(),
    views: integer("views").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("contents_status_check", sql`${t.status} in ('processing', 'ready', 'failed')`),
    index("contents_owner_idx").on(t.ownerId, t.updatedAt),
    index("contents_original_key_idx").on(t.originalKey),
    index("contents_model_key_idx").on(t.modelKey),
  ],
);

/** Kinds of uploaded file. */
export const UPLOAD_KINDS = ["model", "image", "video", "file"] as const;

/**
 * One uploaded file: who uploaded which blob. Build data may only reference blobs its owner
 * uploaded; a blob is removed once no upload or content row names it.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    key: text("key").notNull(),
    kind: text("kind", { enum: UPLOAD_KINDS }).notNull(),
    /** What an image is for (contract IMAGE_PURPOSES); null for models and videos. */
    purpose: text("purpose"),
    /** The content the file was uploaded for; its rows go when the content is deleted. */
    contentId: text("content_id"),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("uploads_kind_check", sql`${t.kind} in ('model', 'image', 'video', 'file')`),
    index("uploads_owner_key_idx").on(t.ownerId, t.key),
    index("uploads_key_idx").on(t.key),
    index("uploads_content_idx").on(t.contentId),
  ],
);
