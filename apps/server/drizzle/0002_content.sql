CREATE TABLE "contents" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_produced" boolean DEFAULT false NOT NULL,
	"original_key" text NOT NULL,
	"model_key" text,
	"build" jsonb NOT NULL,
	"specification" jsonb NOT NULL,
	"thumbnail_url" text,
	"model_info" jsonb,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contents_status_check" CHECK ("contents"."status" in ('processing', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"purpose" text,
	"content_id" text,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('model', 'image', 'video'))
);
--> statement-breakpoint
CREATE INDEX "contents_owner_idx" ON "contents" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "contents_original_key_idx" ON "contents" USING btree ("original_key");--> statement-breakpoint
CREATE INDEX "contents_model_key_idx" ON "contents" USING btree ("model_key");--> statement-breakpoint
CREATE INDEX "uploads_owner_key_idx" ON "uploads" USING btree ("owner_id","key");--> statement-breakpoint
CREATE INDEX "uploads_key_idx" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "uploads_content_idx" ON "uploads" USING btree ("content_id");