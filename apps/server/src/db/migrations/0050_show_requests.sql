CREATE TABLE "show_requests" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"fan_id" text NOT NULL,
	"performer_id" text NOT NULL,
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"show_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "show_requests_status_check" CHECK ("show_requests"."status" in ('open', 'closed')),
	CONSTRAINT "show_requests_self_check" CHECK ("show_requests"."fan_id" <> "show_requests"."performer_id"),
	CONSTRAINT "show_requests_closed_check" CHECK (("show_requests"."status" = 'open') = ("show_requests"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "show_requests" ADD CONSTRAINT "show_requests_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_requests" ADD CONSTRAINT "show_requests_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_requests" ADD CONSTRAINT "show_requests_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "show_requests_open_key" ON "show_requests" USING btree ("fan_id","performer_id","zip_code") WHERE "show_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "show_requests_fan_idx" ON "show_requests" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "show_requests_performer_open_idx" ON "show_requests" USING btree ("performer_id","city","state") WHERE "show_requests"."status" = 'open';--> statement-breakpoint
-- The performer dashboard (a cached page, http/cached-pages.ts) counts its artist's open requests
-- per city: every change names the artist and the fan (migration 0039's row notices), so only
-- that artist's dashboard drops; a TRUNCATE sends the table's name.
CREATE TRIGGER public_changed AFTER TRUNCATE ON show_requests
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON show_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id', 'user:fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON show_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id', 'user:fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON show_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id', 'user:fan_id');
