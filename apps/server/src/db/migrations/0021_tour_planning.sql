CREATE TABLE "booking_requests" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"performer_id" text NOT NULL,
	"venue_id" text NOT NULL,
	"plan_id" text,
	"date" date NOT NULL,
	"message" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decline_note" text,
	"show_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "booking_requests_state_check" CHECK ("booking_requests"."state" in ('pending', 'held', 'confirmed', 'declined', 'withdrawn')),
	CONSTRAINT "booking_requests_parties_check" CHECK ("booking_requests"."performer_id" <> "booking_requests"."venue_id")
);
--> statement-breakpoint
CREATE TABLE "tour_plans" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"performer_id" text NOT NULL,
	"name" text NOT NULL,
	"prompt" text NOT NULL,
	"constraints" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_plans_name_check" CHECK (char_length("tour_plans"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_venue_id_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_plan_id_tour_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."tour_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_plans" ADD CONSTRAINT "tour_plans_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_open_idx" ON "booking_requests" USING btree ("performer_id","venue_id","date") WHERE "booking_requests"."state" in ('pending', 'held');--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_held_idx" ON "booking_requests" USING btree ("venue_id","date") WHERE "booking_requests"."state" = 'held';--> statement-breakpoint
CREATE INDEX "booking_requests_venue_idx" ON "booking_requests" USING btree ("venue_id","date");--> statement-breakpoint
CREATE INDEX "booking_requests_performer_idx" ON "booking_requests" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "tour_plans_performer_idx" ON "tour_plans" USING btree ("performer_id","created_at");