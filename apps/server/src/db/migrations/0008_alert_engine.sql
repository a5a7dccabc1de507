CREATE TABLE "alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fan_id" text NOT NULL,
	"show_event_id" text NOT NULL,
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_channel_check" CHECK ("alert_deliveries"."channel" in ('in_app', 'push', 'email', 'sms')),
	CONSTRAINT "alert_deliveries_state_check" CHECK ("alert_deliveries"."state" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"fan_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fan_settings" ADD COLUMN "genre_alerts" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "show_events" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_show_event_id_show_events_id_fk" FOREIGN KEY ("show_event_id") REFERENCES "public"."show_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_idx" ON "alert_deliveries" USING btree ("fan_id","show_event_id","channel");--> statement-breakpoint
CREATE INDEX "alert_deliveries_pending_idx" ON "alert_deliveries" USING btree ("channel","next_attempt_at") WHERE "alert_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "alert_deliveries_in_app_idx" ON "alert_deliveries" USING btree ("fan_id","id") WHERE "alert_deliveries"."channel" = 'in_app';--> statement-breakpoint
CREATE INDEX "alert_deliveries_event_idx" ON "alert_deliveries" USING btree ("show_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_fan_idx" ON "push_subscriptions" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "show_events_unmatched_idx" ON "show_events" USING btree ("created_at") WHERE "show_events"."matched_at" is null;--> statement-breakpoint
ALTER TABLE "fan_settings" ADD CONSTRAINT "fan_settings_genre_alerts_check" CHECK ("fan_settings"."genre_alerts" in ('instant', 'daily'));--> statement-breakpoint
-- Events recorded before the alert engine existed are history, not news: nobody is alerted of them.
UPDATE "show_events" SET "matched_at" = "created_at";
