CREATE TABLE "show_notices" (
	"id" bigint PRIMARY KEY DEFAULT nextval('alert_deliveries_id_seq') NOT NULL,
	"user_id" text NOT NULL,
	"show_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "show_notices_kind_check" CHECK ("show_notices"."kind" in ('confirmation_requested', 'show_confirmed', 'show_declined'))
);
--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "confirmation" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "confirming_party_id" text;--> statement-breakpoint
ALTER TABLE "show_notices" ADD CONSTRAINT "show_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_notices" ADD CONSTRAINT "show_notices_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "show_notices_user_idx" ON "show_notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "show_notices_show_idx" ON "show_notices" USING btree ("show_id");--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_confirmation_check" CHECK ("shows"."confirmation" in ('confirmed', 'pending', 'declined'));--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_confirming_party_check" CHECK (("shows"."confirming_party_id" is null and "shows"."confirmation" = 'confirmed')
        or coalesce("shows"."confirming_party_id" = "shows"."performer_id" or "shows"."confirming_party_id" = "shows"."venue_id", false));