CREATE TABLE "fan_places" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"fan_id" text NOT NULL,
	"label" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius" integer NOT NULL,
	"trip_start" date,
	"trip_end" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_places_radius_check" CHECK ("fan_places"."radius" between 10 and 100 and "fan_places"."radius" % 5 = 0),
	CONSTRAINT "fan_places_zip_code_check" CHECK ("fan_places"."zip_code" ~ '^\d{5}$'),
	CONSTRAINT "fan_places_trip_check" CHECK (("fan_places"."trip_start" is null) = ("fan_places"."trip_end" is null) and "fan_places"."trip_end" >= "fan_places"."trip_start")
);
--> statement-breakpoint
ALTER TABLE "fan_places" ADD CONSTRAINT "fan_places_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_places_fan_idx" ON "fan_places" USING btree ("fan_id","created_at");--> statement-breakpoint
CREATE INDEX "fan_places_earth_idx" ON "fan_places" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
-- Pages cached per fan that read a fan's places (http/cached-pages.ts) drop on that fan's notice
-- (migration 0039's row notices); a TRUNCATE sends the table's name.
CREATE TRIGGER public_changed AFTER TRUNCATE ON fan_places
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON fan_places REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON fan_places REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON fan_places REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
