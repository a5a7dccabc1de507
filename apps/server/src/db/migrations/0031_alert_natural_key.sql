-- The outbox keyed by its natural key, (show_event_id, fan_id, channel), instead of a bigserial
-- (decision 028). Written by hand from drizzle-kit's output: the id column is renamed, not
-- dropped, so in-app rows keep their ids (the notification centre's API ids and their order)
-- and the sequence show_notices and social_notices share (owned by the column) stays.
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_carrier_check";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "carrier_event_id" text;--> statement-breakpoint
-- A rider's carrier has the rider's fan and channel: its event alone names it.
UPDATE "alert_deliveries" d SET "carrier_event_id" = c."show_event_id"
FROM "alert_deliveries" c WHERE d."carrier_id" IS NOT NULL AND c."id" = d."carrier_id";--> statement-breakpoint
DROP INDEX "alert_deliveries_held_idx";--> statement-breakpoint
DROP INDEX "alert_deliveries_carrier_idx";--> statement-breakpoint
DROP INDEX "alert_deliveries_in_app_idx";--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "alert_deliveries" RENAME COLUMN "id" TO "notification_id";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ALTER COLUMN "notification_id" DROP NOT NULL;--> statement-breakpoint
UPDATE "alert_deliveries" SET "notification_id" = NULL WHERE "channel" <> 'in_app';--> statement-breakpoint
-- The unique key of migration 0028 becomes the primary key: no new index is built.
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY USING INDEX "alert_deliveries_once_idx";--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP COLUMN "carrier_id";--> statement-breakpoint
CREATE INDEX "alert_deliveries_held_idx" ON "alert_deliveries" USING btree ("fan_id","channel","created_at") WHERE "alert_deliveries"."digest" and "alert_deliveries"."state" = 'pending' and "alert_deliveries"."carrier_event_id" is null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_carrier_idx" ON "alert_deliveries" USING btree ("fan_id","channel","carrier_event_id") WHERE "alert_deliveries"."carrier_event_id" is not null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_in_app_idx" ON "alert_deliveries" USING btree ("fan_id","notification_id") WHERE "alert_deliveries"."channel" = 'in_app';--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_carrier_check" CHECK ("alert_deliveries"."carrier_event_id" is null or ("alert_deliveries"."digest" and "alert_deliveries"."channel" <> 'in_app' and "alert_deliveries"."carrier_event_id" <> "alert_deliveries"."show_event_id"));--> statement-breakpoint
-- Rows a deleted carrier was carrying are held again for the next digest (migration 0013's
-- trigger, by the carrier's key now: same fan, same channel, its event).
CREATE OR REPLACE FUNCTION alert_deliveries_release_riders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alert_deliveries d SET carrier_event_id = NULL
  FROM gone WHERE d.carrier_event_id IS NOT NULL AND d.fan_id = gone.fan_id
    AND d.channel = gone.channel AND d.carrier_event_id = gone.show_event_id;
  RETURN NULL;
END $$;
