CREATE TABLE "channels" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"origin_lang" text DEFAULT 'en' NOT NULL,
	"info" jsonb NOT NULL,
	"industry" text,
	"transinfo" jsonb NOT NULL,
	"trans_source" jsonb NOT NULL,
	"profiles" jsonb NOT NULL,
	"content_order" jsonb NOT NULL,
	"featured_content_id" text,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_origin_lang_check" CHECK ("channels"."origin_lang" in ('en', 'ko'))
);
--> statement-breakpoint
CREATE TABLE "channel_translations" (
	"provider" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"source_hash" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_translations_provider_source_lang_target_lang_source_hash_pk" PRIMARY KEY("provider","source_lang","target_lang","source_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channels_owner_idx" ON "channels" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "channels_industry_idx" ON "channels" USING btree ("industry","views");
