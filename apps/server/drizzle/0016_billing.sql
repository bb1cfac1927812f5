ALTER TABLE "users" ADD COLUMN "plan_status" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
UPDATE "users" SET "plan_status" = 'active' WHERE "payment_status" = true;
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_prices_plan_period_currency_pk" PRIMARY KEY("plan","period","currency"),
	CONSTRAINT "plan_prices_amount_check" CHECK ("plan_prices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"next_plan" text,
	"reminded_for" timestamp with time zone,
	"renewal_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions" USING btree ("current_period_end");
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"reference" text NOT NULL,
	"provider_ref" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");
--> statement-breakpoint
CREATE TABLE "payment_webhook_inbox" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_inbox_event_idx" ON "payment_webhook_inbox" USING btree ("provider","event_id");
