ALTER TABLE "uploads" DROP CONSTRAINT "uploads_kind_check";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('model', 'image', 'video', 'file'));
--> statement-breakpoint
CREATE TABLE "production_prices" (
	"kind" text NOT NULL,
	"complexity" text NOT NULL,
	"price_krw" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"annotations" integer NOT NULL,
	"motion_steps" integer NOT NULL,
	"turnaround_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_prices_kind_complexity_pk" PRIMARY KEY("kind","complexity")
);
--> statement-breakpoint
CREATE TABLE "production_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"product_name" text NOT NULL,
	"description" text NOT NULL,
	"purpose" text NOT NULL,
	"kind" text,
	"wants_motion" boolean NOT NULL,
	"wants_ar" boolean NOT NULL,
	"quantity" integer NOT NULL,
	"wished_date" text,
	"files" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"quote_price" integer,
	"quote_currency" text,
	"quote_date" text,
	"quote_note" text,
	"content_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_requests_status_check" CHECK ("production_requests"."status" in ('received', 'quoted', 'in_production', 'delivered', 'closed', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "production_events" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"author" text NOT NULL,
	"author_id" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_events_kind_check" CHECK ("production_events"."kind" in ('status', 'message')),
	CONSTRAINT "production_events_author_check" CHECK ("production_events"."author" in ('owner', 'operator'))
);
--> statement-breakpoint
CREATE INDEX "production_requests_owner_idx" ON "production_requests" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "production_requests_status_idx" ON "production_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "production_events_request_idx" ON "production_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE TABLE "qna_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"images" jsonb NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qna_posts_kind_check" CHECK ("qna_posts"."kind" in ('question', 'notice')),
	CONSTRAINT "qna_posts_status_check" CHECK ("qna_posts"."status" in ('waiting', 'answered'))
);
--> statement-breakpoint
CREATE TABLE "qna_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"qna_id" text NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "qna_posts_created_idx" ON "qna_posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "qna_posts_author_idx" ON "qna_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "qna_answers_qna_idx" ON "qna_answers" USING btree ("qna_id","created_at");--> statement-breakpoint
INSERT INTO "production_prices" ("kind", "complexity", "price_krw", "price_usd", "annotations", "motion_steps", "turnaround_days") VALUES
	('small_item', 'simple', 300000, 250, 3, 0, 5),
	('small_item', 'standard', 500000, 400, 5, 2, 7),
	('small_item', 'complex', 900000, 700, 8, 4, 10),
	('consumer_product', 'simple', 500000, 400, 5, 2, 7),
	('consumer_product', 'standard', 900000, 700, 8, 4, 10),
	('consumer_product', 'complex', 1500000, 1150, 12, 6, 14),
	('furniture', 'simple', 700000, 550, 5, 2, 7),
	('furniture', 'standard', 1200000, 950, 8, 4, 12),
	('furniture', 'complex', 2000000, 1550, 12, 6, 18),
	('machinery', 'simple', 1200000, 950, 8, 4, 10),
	('machinery', 'standard', 2500000, 1900, 12, 8, 18),
	('machinery', 'complex', 4500000, 3450, 20, 12, 28);
