CREATE TABLE "calendar_feeds" (
	"fan_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- btree_gist lets one GiST index hold the show's point (cube, for earth_box) and its start time,
-- so the fans' "nearby" alerts skip past shows inside the index. Trusted, like those of 0000.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE INDEX "shows_earth_starts_idx" ON "shows" USING gist (ll_to_earth(latitude, longitude),"starts_at");