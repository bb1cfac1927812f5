ALTER TABLE "contents" ADD COLUMN "processing_step" text;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "processing_percent" integer;
