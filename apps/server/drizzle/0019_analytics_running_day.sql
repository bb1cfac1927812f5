-- Issue 11: the rollup job also folds the running day, up to a mark, so the report reads rollups
-- plus only the raw rows after the mark. `folded_until` null: the whole day is folded (every row
-- before this migration); set: the day is folded up to that instant, rows after it are read raw.
ALTER TABLE "analytics_rollup_days" ADD COLUMN "folded_until" timestamp with time zone;
--> statement-breakpoint
-- The report's check of a running day's visitors seen before the mark looks their views up by owner
-- and hash instead of reading the owner's whole day of raw rows.
CREATE INDEX IF NOT EXISTS "view_logs_owner_visitor_views_idx" ON "view_logs" ("content_owner_id", "visitor_hash", "created_at") WHERE "action" = 'view';
