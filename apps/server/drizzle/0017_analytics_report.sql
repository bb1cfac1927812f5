-- Issue 11: the time visitors spent in content experiences (seconds of `experience` rows) is kept
-- in the rollups beside page time. Folded days are dropped so the job folds them again with it
-- (raw rows are kept for LOG_RETENTION_DAYS; the report reads raw rows for days not folded).
ALTER TABLE "analytics_daily" ADD COLUMN "experience_seconds" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
DELETE FROM "analytics_daily";
--> statement-breakpoint
DELETE FROM "analytics_rollup_days";
