CREATE TABLE "artist_alerts" (
	"fan_id" text NOT NULL,
	"performer_id" text NOT NULL,
	"channels" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_alerts_fan_id_performer_id_pk" PRIMARY KEY("fan_id","performer_id"),
	CONSTRAINT "artist_alerts_channels_check" CHECK (cardinality("artist_alerts"."channels") >= 1 and "artist_alerts"."channels" <@ array['push', 'email', 'sms']::text[])
);
--> statement-breakpoint
CREATE TABLE "show_attendance" (
	"fan_id" text NOT NULL,
	"show_id" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "show_attendance_fan_id_show_id_pk" PRIMARY KEY("fan_id","show_id"),
	CONSTRAINT "show_attendance_status_check" CHECK ("show_attendance"."status" in ('going', 'attended'))
);
--> statement-breakpoint
CREATE TABLE "show_events" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"show_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "show_events_kind_check" CHECK ("show_events"."kind" in ('announced', 'on_sale', 'price_drop', 'lineup_change', 'cancelled', 'postponed'))
);
--> statement-breakpoint
CREATE TABLE "shows" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"performer_id" text NOT NULL,
	"venue_id" text,
	"external_name" text,
	"external_street" text,
	"external_city" text,
	"external_state" text,
	"external_zip" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"ticket_url" text,
	"price_min" numeric,
	"price_max" numeric,
	"on_sale_at" timestamp with time zone,
	"supporting_acts" text[] DEFAULT '{}'::text[] NOT NULL,
	"genre" text NOT NULL,
	"status" text DEFAULT 'announced' NOT NULL,
	"attendance" integer,
	"gross_revenue" numeric,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shows_one_venue_check" CHECK (("shows"."venue_id" is null) <> ("shows"."external_name" is null)),
	CONSTRAINT "shows_price_check" CHECK ("shows"."price_min" >= 0 and "shows"."price_max" >= 0),
	CONSTRAINT "shows_price_order_check" CHECK ("shows"."price_max" >= "shows"."price_min"),
	CONSTRAINT "shows_genre_check" CHECK ("shows"."genre" in ('Rock', 'Pop', 'Hip-Hop', 'EDM', 'Country', 'Jazz', 'Metal', 'Indie', 'Alternative', 'R&B', 'Classical', 'Other')),
	CONSTRAINT "shows_status_check" CHECK ("shows"."status" in ('announced', 'on_sale', 'cancelled', 'postponed')),
	CONSTRAINT "shows_results_check" CHECK ("shows"."attendance" >= 0 and "shows"."gross_revenue" >= 0)
);
--> statement-breakpoint
ALTER TABLE "artist_alerts" ADD CONSTRAINT "artist_alerts_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_alerts" ADD CONSTRAINT "artist_alerts_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_attendance" ADD CONSTRAINT "show_attendance_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_attendance" ADD CONSTRAINT "show_attendance_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_events" ADD CONSTRAINT "show_events_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_venue_id_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_alerts_performer_idx" ON "artist_alerts" USING btree ("performer_id");--> statement-breakpoint
CREATE INDEX "show_attendance_show_idx" ON "show_attendance" USING btree ("show_id");--> statement-breakpoint
CREATE INDEX "show_events_created_idx" ON "show_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "show_events_show_idx" ON "show_events" USING btree ("show_id");--> statement-breakpoint
CREATE INDEX "shows_performer_starts_idx" ON "shows" USING btree ("performer_id","starts_at");--> statement-breakpoint
CREATE INDEX "shows_venue_starts_idx" ON "shows" USING btree ("venue_id","starts_at");--> statement-breakpoint
CREATE INDEX "shows_starts_idx" ON "shows" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "shows_genre_starts_idx" ON "shows" USING btree ("genre","starts_at");