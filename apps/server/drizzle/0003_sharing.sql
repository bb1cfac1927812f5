CREATE TABLE "share_link_month_access" (
	"url" text NOT NULL,
	"month" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "share_link_month_access_url_month_pk" PRIMARY KEY("url","month")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"url" text PRIMARY KEY NOT NULL,
	"content_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"password_hash" text,
	"sealed_key" text,
	"sealed_bytes" bigint,
	"total_access" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_kind_check" CHECK ("share_links"."kind" in ('open', 'password', 'sealed'))
);
--> statement-breakpoint
CREATE TABLE "sharing_channel_inflow" (
	"channel_id" text NOT NULL,
	"content_id" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sharing_channel_inflow_channel_id_content_id_pk" PRIMARY KEY("channel_id","content_id")
);
--> statement-breakpoint
CREATE INDEX "share_links_content_idx" ON "share_links" USING btree ("content_id","created_at");--> statement-breakpoint
CREATE INDEX "share_links_owner_idx" ON "share_links" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "share_links_sealed_key_idx" ON "share_links" USING btree ("sealed_key");--> statement-breakpoint
CREATE INDEX "sharing_channel_inflow_content_idx" ON "sharing_channel_inflow" USING btree ("content_id");