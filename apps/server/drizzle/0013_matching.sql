CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "purpose" text DEFAULT 'signup' NOT NULL;
--> statement-breakpoint
CREATE TABLE "match_inquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"country" text NOT NULL,
	"company" text NOT NULL,
	"contact_person" text NOT NULL,
	"job_title" text NOT NULL,
	"industry" text NOT NULL,
	"industry_other" text DEFAULT '' NOT NULL,
	"inquiry_type" text NOT NULL,
	"business_type" text NOT NULL,
	"needs" text NOT NULL,
	"quantity" text DEFAULT '' NOT NULL,
	"incoterms" jsonb NOT NULL,
	"consent_third_party" boolean NOT NULL,
	"consented_at" timestamp with time zone,
	"source" text NOT NULL,
	"origin_channel_id" text,
	"origin_content_id" text,
	"viewed" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matched_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_reason" text
);
--> statement-breakpoint
CREATE TABLE "match_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"inquiry_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"complaint" boolean DEFAULT false NOT NULL,
	"not_interested" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_connections_inquiry_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "match_inquiries"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE "match_settings" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"opted_in" boolean DEFAULT false NOT NULL,
	"consented_at" timestamp with time zone,
	"industries" jsonb NOT NULL,
	"markets" jsonb NOT NULL,
	"buyer_types" jsonb NOT NULL,
	"daily_cap" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_exclusions" (
	"channel_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_exclusions_channel_id_email_pk" PRIMARY KEY("channel_id","email")
);
--> statement-breakpoint
CREATE INDEX "match_inquiries_created_idx" ON "match_inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "match_inquiries_email_idx" ON "match_inquiries" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "match_connections_pair_idx" ON "match_connections" USING btree ("inquiry_id","channel_id");--> statement-breakpoint
CREATE INDEX "match_connections_owner_idx" ON "match_connections" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "match_connections_mailed_idx" ON "match_connections" USING btree ("channel_id","mailed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "match_connections_token_idx" ON "match_connections" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "match_settings_owner_idx" ON "match_settings" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "match_exclusions_owner_idx" ON "match_exclusions" USING btree ("owner_id");
