CREATE TABLE "artist_message_deliveries" (
	"notification_id" bigint DEFAULT nextval('alert_deliveries_id_seq'),
	"message_id" text NOT NULL,
	"fan_id" text NOT NULL,
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "artist_message_deliveries_pkey" PRIMARY KEY("message_id","fan_id","channel"),
	CONSTRAINT "artist_message_deliveries_channel_check" CHECK ("artist_message_deliveries"."channel" in ('in_app', 'email')),
	CONSTRAINT "artist_message_deliveries_state_check" CHECK ("artist_message_deliveries"."state" in ('pending', 'sent', 'failed')),
	CONSTRAINT "artist_message_deliveries_reason_check" CHECK (btrim("artist_message_deliveries"."reason") <> '')
);
--> statement-breakpoint
CREATE TABLE "artist_message_mutes" (
	"fan_id" text NOT NULL,
	"performer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_message_mutes_fan_id_performer_id_pk" PRIMARY KEY("fan_id","performer_id")
);
--> statement-breakpoint
CREATE TABLE "artist_message_reports" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"message_id" text NOT NULL,
	"fan_id" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artist_messages" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"performer_id" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"place_label" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius_mi" integer,
	"reach" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_messages_audience_check" CHECK ("artist_messages"."audience" in ('all', 'nearby')),
	CONSTRAINT "artist_messages_body_check" CHECK (length(btrim("artist_messages"."body")) between 1 and 500),
	CONSTRAINT "artist_messages_place_check" CHECK (("artist_messages"."audience" = 'all') = ("artist_messages"."radius_mi" is null and "artist_messages"."latitude" is null and "artist_messages"."longitude" is null))
);
--> statement-breakpoint
ALTER TABLE "fan_settings" ADD COLUMN "artist_messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_settings" ADD COLUMN "artist_messages_from_genres" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "artist_message_deliveries" ADD CONSTRAINT "artist_message_deliveries_message_id_artist_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."artist_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_message_deliveries" ADD CONSTRAINT "artist_message_deliveries_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_message_mutes" ADD CONSTRAINT "artist_message_mutes_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_message_mutes" ADD CONSTRAINT "artist_message_mutes_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_message_reports" ADD CONSTRAINT "artist_message_reports_message_id_artist_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."artist_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_message_reports" ADD CONSTRAINT "artist_message_reports_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_messages" ADD CONSTRAINT "artist_messages_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_message_deliveries_pending_idx" ON "artist_message_deliveries" USING btree ("channel","next_attempt_at") WHERE "artist_message_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "artist_message_deliveries_in_app_idx" ON "artist_message_deliveries" USING btree ("fan_id","notification_id") WHERE "artist_message_deliveries"."channel" = 'in_app';--> statement-breakpoint
CREATE INDEX "artist_message_mutes_performer_idx" ON "artist_message_mutes" USING btree ("performer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "artist_message_reports_fan_idx" ON "artist_message_reports" USING btree ("message_id","fan_id");--> statement-breakpoint
CREATE INDEX "artist_message_reports_fan_id_idx" ON "artist_message_reports" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "artist_messages_performer_idx" ON "artist_messages" USING btree ("performer_id","created_at");;--> statement-breakpoint
-- The page caches hear every change of the new tables (decision 034's row-tagged notices): each
-- row names the people whose pages read it (the notification centre, the sent list, settings).
CREATE TRIGGER public_changed AFTER TRUNCATE ON artist_messages
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON artist_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON artist_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON artist_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON artist_message_deliveries
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON artist_message_deliveries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON artist_message_deliveries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON artist_message_deliveries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON artist_message_mutes
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON artist_message_mutes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id', 'user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON artist_message_mutes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id', 'user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON artist_message_mutes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id', 'user:performer_id');
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON artist_message_reports
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON artist_message_reports REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON artist_message_reports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON artist_message_reports REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id');
