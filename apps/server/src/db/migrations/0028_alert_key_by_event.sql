DROP INDEX "alert_deliveries_event_idx";--> statement-breakpoint
DROP INDEX "alert_deliveries_once_idx";--> statement-breakpoint
CREATE INDEX "alert_deliveries_outbound_fan_idx" ON "alert_deliveries" USING btree ("fan_id") WHERE "alert_deliveries"."channel" <> 'in_app';--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_idx" ON "alert_deliveries" USING btree ("show_event_id","fan_id","channel");--> statement-breakpoint
-- A deleted fan's deliveries, now that the unique key leads with the event: the in-app rows
-- through the notification centre's index, the others through alert_deliveries_outbound_fan_idx
-- (each statement says its channel so the planner can use the partial index; one statement
-- without it would scan the whole outbox).
CREATE OR REPLACE FUNCTION alert_deliveries_of_deleted_fans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_deliveries d USING gone WHERE d.fan_id = gone.id AND d.channel = 'in_app';
  DELETE FROM alert_deliveries d USING gone WHERE d.fan_id = gone.id AND d.channel <> 'in_app';
  RETURN NULL;
END $$;
