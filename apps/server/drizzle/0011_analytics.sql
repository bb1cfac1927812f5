-- Issue 11: view logs become analytics events, partitioned by month (PostgreSQL and PGlite alike),
-- user agents parsed at intake (no raw user agent or referrer kept), daily rollups.
ALTER TABLE "view_logs" RENAME TO "view_logs_old";
--> statement-breakpoint
ALTER INDEX "view_logs_created_at_idx" RENAME TO "view_logs_old_created_at_idx";
--> statement-breakpoint
ALTER INDEX "view_logs_content_id_idx" RENAME TO "view_logs_old_content_id_idx";
--> statement-breakpoint
ALTER TABLE "view_logs_old" RENAME CONSTRAINT "view_logs_pkey" TO "view_logs_old_pkey";
--> statement-breakpoint
CREATE TABLE "view_logs" (
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_owner_id" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"content_id" text DEFAULT '' NOT NULL,
	"page_type" text NOT NULL,
	"action" text NOT NULL,
	"path" text NOT NULL,
	"session_id" text NOT NULL,
	"visit_user_id" text DEFAULT '' NOT NULL,
	"visitor_hash" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"browser_version" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"device" text DEFAULT 'desktop' NOT NULL,
	"inflow" text DEFAULT 'direct' NOT NULL,
	"duration" integer,
	"detail" text DEFAULT '' NOT NULL,
	CONSTRAINT "view_logs_pkey" PRIMARY KEY ("created_at", "id")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "view_logs_default" PARTITION OF "view_logs" DEFAULT;
--> statement-breakpoint
CREATE INDEX "view_logs_created_at_idx" ON "view_logs" ("created_at");
--> statement-breakpoint
CREATE INDEX "view_logs_owner_created_idx" ON "view_logs" ("content_owner_id", "created_at");
--> statement-breakpoint
CREATE INDEX "view_logs_session_idx" ON "view_logs" ("session_id");
--> statement-breakpoint
INSERT INTO "view_logs" ("id", "created_at", "content_owner_id", "content_type", "content_id", "page_type", "action", "path", "session_id", "visit_user_id", "browser", "browser_version", "os", "device", "duration")
SELECT "id", "created_at", "content_owner_id",
	CASE WHEN "content_type" IN ('home', 'product', 'channel', 'booth', 'match') THEN "content_type" ELSE 'home' END,
	"content_id", "page_type", "action", "path", "session_id", "visit_user_id",
	coalesce("metadata"->>'browser', ''), coalesce("metadata"->>'browserVersion', ''), coalesce("metadata"->>'platform', ''),
	CASE "metadata"->>'deviceType' WHEN 'mobile' THEN 'phone' WHEN 'tablet' THEN 'tablet' ELSE 'desktop' END,
	"duration"
FROM "view_logs_old";
--> statement-breakpoint
DROP TABLE "view_logs_old";
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"zone" text NOT NULL,
	"owner_id" text NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"experiences" integer DEFAULT 0 NOT NULL,
	"uniques" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY ("zone", "owner_id", "scope", "day", "dim", "key")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_days" (
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"rows" integer NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_rollup_days_pkey" PRIMARY KEY ("zone", "day")
);
