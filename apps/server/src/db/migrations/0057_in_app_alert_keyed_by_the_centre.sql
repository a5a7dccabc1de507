-- Issue 29, decision 059: an in-app alert is found by one index entry, the notification centre's
-- (fan_id, notification_id), instead of two (that and the primary key): about a quarter of a big
-- announcement's in-app write. Every fan's in-app row of an event carries the event's one id
-- (show_events.notification_id, drawn when its match begins), so the centre's index is also the
-- key that refuses a replayed match's second alert. Outbound rows keep their natural key, now
-- partial; an event's in-app rows, all of them, are found by a BRIN index on the id.
ALTER TABLE "show_events" ADD COLUMN "notification_id" bigint;--> statement-breakpoint
-- Rows written before: each event takes its in-app rows' smallest id, and its rows take that id
-- (one row per fan and event, so a fan's ids stay unique; their order between events is kept).
UPDATE "show_events" e SET "notification_id" = m.id
FROM (SELECT show_event_id, min(notification_id) AS id FROM "alert_deliveries"
      WHERE channel = 'in_app' GROUP BY show_event_id) m
WHERE e.id = m.show_event_id;--> statement-breakpoint
UPDATE "alert_deliveries" d SET "notification_id" = e.notification_id
FROM "show_events" e
WHERE d.channel = 'in_app' AND e.id = d.show_event_id
  AND d.notification_id IS DISTINCT FROM e.notification_id;--> statement-breakpoint
DROP INDEX "alert_deliveries_in_app_idx";--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_pkey";--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_outbound_key" ON "alert_deliveries" USING btree ("show_event_id","fan_id","channel") WHERE "alert_deliveries"."channel" <> 'in_app';--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_in_app_key" ON "alert_deliveries" USING btree ("fan_id","notification_id") WHERE "alert_deliveries"."channel" = 'in_app';--> statement-breakpoint
CREATE INDEX "alert_deliveries_notification_brin" ON "alert_deliveries" USING brin ("notification_id");--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_in_app_id_check" CHECK ("alert_deliveries"."channel" <> 'in_app' or "alert_deliveries"."notification_id" is not null);--> statement-breakpoint
-- A deleted show event's deliveries go with it (migration 0013): its outbound rows by their
-- partial key, its in-app rows by its id, one event at a time so each is a BRIN lookup whatever
-- the planner guesses of the transition table.
CREATE OR REPLACE FUNCTION alert_deliveries_of_deleted_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone_id bigint;
BEGIN
  DELETE FROM alert_deliveries d USING gone
  WHERE d.show_event_id = gone.id AND d.channel <> 'in_app';
  FOR gone_id IN SELECT notification_id FROM gone WHERE notification_id IS NOT NULL LOOP
    DELETE FROM alert_deliveries d WHERE d.channel = 'in_app' AND d.notification_id = gone_id;
  END LOOP;
  RETURN NULL;
END $$;
