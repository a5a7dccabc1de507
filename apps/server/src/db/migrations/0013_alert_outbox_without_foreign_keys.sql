ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_fan_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_show_event_id_show_events_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_carrier_id_alert_deliveries_id_fk";
--> statement-breakpoint
DROP INDEX "artist_alerts_performer_idx";--> statement-breakpoint
CREATE INDEX "artist_alerts_performer_idx" ON "artist_alerts" USING btree ("performer_id","fan_id");--> statement-breakpoint
-- What the three foreign keys did, once per statement instead of once per row (an announcement
-- writes half a million rows; the keys' row-by-row checks tripled its time, docs/performance.md).
-- 1. A fan's deletion waits for matches in progress, which hold this lock shared while they write
--    (alerts/match-locks.ts): taken before any row is deleted, so the two never wait on each other.
CREATE FUNCTION alert_deliveries_wait_for_matching() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4541763, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alert_deliveries_fan_deleting BEFORE DELETE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION alert_deliveries_wait_for_matching();
--> statement-breakpoint
-- 2. A deleted fan's deliveries go with them.
CREATE FUNCTION alert_deliveries_of_deleted_fans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_deliveries d USING gone WHERE d.fan_id = gone.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alert_deliveries_fan_deleted AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION alert_deliveries_of_deleted_fans();
--> statement-breakpoint
-- 3. A deleted show event's deliveries go with it. The matcher locks the event row FOR KEY SHARE
--    in each of its transactions, so a deletion waits for the rows being written and sees them.
CREATE FUNCTION alert_deliveries_of_deleted_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_deliveries d USING gone WHERE d.show_event_id = gone.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alert_deliveries_event_deleted AFTER DELETE ON "show_events"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION alert_deliveries_of_deleted_events();
--> statement-breakpoint
-- 4. Rows a deleted carrier was carrying are held again for the next digest (was ON DELETE SET NULL).
CREATE FUNCTION alert_deliveries_release_riders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alert_deliveries d SET carrier_id = NULL
  FROM gone WHERE d.carrier_id IS NOT NULL AND d.carrier_id = gone.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alert_deliveries_carrier_deleted AFTER DELETE ON "alert_deliveries"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION alert_deliveries_release_riders();
--> statement-breakpoint
-- Rows whose fan or event is already gone (none should be: the keys were in force until now).
DELETE FROM alert_deliveries d WHERE NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = d.fan_id)
  OR NOT EXISTS (SELECT 1 FROM show_events e WHERE e.id = d.show_event_id);
