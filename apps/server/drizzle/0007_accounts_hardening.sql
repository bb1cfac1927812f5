ALTER TABLE "sessions" ADD COLUMN "ip_hash" text;--> statement-breakpoint
CREATE INDEX "sessions_user_ip_idx" ON "sessions" USING btree ("user_id","ip_hash");--> statement-breakpoint
CREATE TABLE "signup_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signup_notices_email_idx" ON "signup_notices" USING btree ("email","created_at");