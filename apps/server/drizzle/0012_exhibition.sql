CREATE TABLE "exhibitions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"categories" jsonb NOT NULL,
	"aisles" integer NOT NULL,
	"slots_per_aisle" integer NOT NULL,
	"theme_color" text,
	"published" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exhibitions_layout_check" CHECK ("exhibitions"."aisles" > 0 and "exhibitions"."slots_per_aisle" > 0)
);
--> statement-breakpoint
CREATE TABLE "booths" (
	"id" text PRIMARY KEY NOT NULL,
	"exhibition_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"status" text NOT NULL,
	"aisle" integer,
	"slot_index" integer,
	"category" text,
	"logo_text" text DEFAULT '' NOT NULL,
	"booth_color" text NOT NULL,
	"image_urls" jsonb NOT NULL,
	"video_url" text,
	"product_ids" jsonb NOT NULL,
	"hero_content_id" text,
	"pitch" jsonb NOT NULL,
	"documents" jsonb NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booths_status_check" CHECK ("booths"."status" in ('requested', 'active')),
	CONSTRAINT "booths_slot_check" CHECK (("booths"."status" = 'active') = ("booths"."aisle" is not null and "booths"."slot_index" is not null))
);
--> statement-breakpoint
ALTER TABLE "booths" ADD CONSTRAINT "booths_exhibition_id_exhibitions_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exhibitions_published_idx" ON "exhibitions" USING btree ("published","closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booths_slot_idx" ON "booths" USING btree ("exhibition_id","aisle","slot_index");--> statement-breakpoint
CREATE INDEX "booths_owner_idx" ON "booths" USING btree ("owner_id");
