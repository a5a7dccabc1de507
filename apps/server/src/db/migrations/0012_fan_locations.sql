CREATE TABLE "fan_finish_setup" (
	"user_id" text PRIMARY KEY NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"location_step_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fan_locations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"source" text NOT NULL,
	"located_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_locations_latitude_check" CHECK ("fan_locations"."latitude" between -90 and 90),
	CONSTRAINT "fan_locations_longitude_check" CHECK ("fan_locations"."longitude" between -180 and 180),
	CONSTRAINT "fan_locations_zip_code_check" CHECK ("fan_locations"."zip_code" ~ '^\d{5}$'),
	CONSTRAINT "fan_locations_source_check" CHECK ("fan_locations"."source" in ('device', 'fallback'))
);
--> statement-breakpoint
ALTER TABLE "fan_finish_setup" ADD CONSTRAINT "fan_finish_setup_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_locations" ADD CONSTRAINT "fan_locations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;