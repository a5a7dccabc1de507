CREATE TABLE "booking_notices" (
	"id" bigint PRIMARY KEY DEFAULT nextval('alert_deliveries_id_seq') NOT NULL,
	"user_id" text NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "booking_notices_kind_check" CHECK ("booking_notices"."kind" in ('booking_requested', 'booking_held', 'booking_declined', 'booking_confirmed', 'booking_withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "booking_notices" ADD CONSTRAINT "booking_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notices" ADD CONSTRAINT "booking_notices_request_id_booking_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_notices_user_idx" ON "booking_notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "booking_notices_request_idx" ON "booking_notices" USING btree ("request_id");