CREATE TABLE "alert_delivery_counts" (
	"show_event_id" text NOT NULL,
	"channel" text NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_delivery_counts_show_event_id_channel_pk" PRIMARY KEY("show_event_id","channel")
);
--> statement-breakpoint
ALTER TABLE "alert_delivery_counts" ADD CONSTRAINT "alert_delivery_counts_show_event_id_show_events_id_fk" FOREIGN KEY ("show_event_id") REFERENCES "public"."show_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- alert_delivery_counts (src/db/schema/dashboard-rollups.ts) is kept by the statement-level
-- triggers below, in the transaction of the change: the matcher's INSERT ... SELECT (in-app rows
-- are written sent), the workers' recorded outcomes (a carrier's riders take its state in the
-- same statement), a fan's or event's deliveries deleted with them. Each trigger counts its
-- transition table grouped first (a matcher's range is ~250,000 rows, a handful of groups) and
-- only then joins show_events: an event deleted in the same statement has no counts left to keep
-- (they went by cascade) and re-inserting them would break the key. What it costs the matcher:
-- docs/performance.md ("Alerts delivered").
CREATE FUNCTION alert_delivery_counts_add(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_delivery_counts AS c (show_event_id, channel, delivered)
  SELECT d.show_event_id, d.channel, d.delta
  FROM jsonb_to_recordset(deltas) AS d(show_event_id text, channel text, delta int)
  JOIN show_events e ON e.id = d.show_event_id
  WHERE d.delta <> 0
  ON CONFLICT (show_event_id, channel) DO UPDATE SET delivered = c.delivered + excluded.delivered;
END $$;
--> statement-breakpoint
CREATE FUNCTION alert_delivery_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(g) INTO deltas FROM (
      SELECT show_event_id, channel, count(*)::int AS delta
      FROM new_rows WHERE state = 'sent' GROUP BY 1, 2) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(g) INTO deltas FROM (
      SELECT show_event_id, channel, -count(*)::int AS delta
      FROM old_rows WHERE state = 'sent' GROUP BY 1, 2) g;
  ELSE
    -- Rows that became sent in, rows that stopped being sent out; a read mark or a carrier
    -- link moves nothing (its +1 and -1 cancel).
    SELECT jsonb_agg(g) INTO deltas FROM (
      SELECT show_event_id, channel, sum(delta)::int AS delta FROM (
        SELECT show_event_id, channel, 1 AS delta FROM new_rows WHERE state = 'sent'
        UNION ALL
        SELECT show_event_id, channel, -1 FROM old_rows WHERE state = 'sent') moved
      GROUP BY 1, 2) g;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM alert_delivery_counts_add(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alert_delivery_counts_added AFTER INSERT ON alert_deliveries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_delivery_counts_changed();
--> statement-breakpoint
CREATE TRIGGER alert_delivery_counts_updated AFTER UPDATE ON alert_deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_delivery_counts_changed();
--> statement-breakpoint
CREATE TRIGGER alert_delivery_counts_removed AFTER DELETE ON alert_deliveries
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_delivery_counts_changed();
--> statement-breakpoint
-- Backfill from the deliveries already there.
INSERT INTO alert_delivery_counts (show_event_id, channel, delivered)
SELECT d.show_event_id, d.channel, count(*)::int
FROM alert_deliveries d JOIN show_events e ON e.id = d.show_event_id
WHERE d.state = 'sent' GROUP BY 1, 2;
