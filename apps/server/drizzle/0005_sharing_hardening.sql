CREATE TABLE "analytics_daily_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_days" (
	"day" text NOT NULL,
	"subject" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "analytics_visitor_days_day_subject_visitor_hash_pk" PRIMARY KEY("day","subject","visitor_hash")
);
