CREATE TABLE "view_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"visit_user_id" text DEFAULT '' NOT NULL,
	"content_owner_id" text DEFAULT '' NOT NULL,
	"session_id" text NOT NULL,
	"content_id" text DEFAULT '' NOT NULL,
	"page_type" text NOT NULL,
	"content_type" text NOT NULL,
	"action" text NOT NULL,
	"path" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration" integer,
	CONSTRAINT "view_logs_action_check" CHECK ("view_logs"."action" in ('view', 'view_start', 'view_end'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "view_logs_created_at_idx" ON "view_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "view_logs_content_id_idx" ON "view_logs" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_at") WHERE "jobs"."status" = 'running';