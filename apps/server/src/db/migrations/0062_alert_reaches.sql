-- Issue 29, decision 064: a big audience reached at one commit (db/schema/alert-reaches.ts). While
-- an event's in-app rows are being written one fan range at a time, its row in alert_reaches lets
-- the notification centre, the unread counts and the live streams compute each fan's alert from the
-- match's own rules; a read mark made meanwhile waits in alert_early_reads for the fan's row.
-- Both tables stay small (a row per big match in progress; a row per early read) and carry no
-- change trigger: their writers NOTIFY (http/cached-pages.ts' NOTICE_COVERED_TABLES).
CREATE TABLE "alert_early_reads" (
	"fan_id" text NOT NULL,
	"notification_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_early_reads_fan_id_notification_id_pk" PRIMARY KEY("fan_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "alert_reaches" (
	"show_event_id" text PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL,
	"facts" jsonb NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_early_reads" ADD CONSTRAINT "alert_early_reads_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reaches" ADD CONSTRAINT "alert_reaches_show_event_id_show_events_id_fk" FOREIGN KEY ("show_event_id") REFERENCES "public"."show_events"("id") ON DELETE cascade ON UPDATE no action;