-- Issue 29: a big announcement's genre-and-radius set, lighter (db/schema/alert-match-nearby.ts).
-- Its store is the one step of a big match that the ranges wait for; the fans' settings, a sort
-- and a key led by the event's id were half of it. It now holds the fan and the reason, found by
-- the fan's id alone; each range reads its own fans' settings. A match in progress while this runs
-- fails and is run again by the sweep, whose store replaces what the old one left.
ALTER TABLE "alert_match_nearby" DROP CONSTRAINT "alert_match_nearby_show_event_id_fan_id_pk";--> statement-breakpoint
CREATE INDEX "alert_match_nearby_fan_idx" ON "alert_match_nearby" USING btree ("fan_id");--> statement-breakpoint
ALTER TABLE "alert_match_nearby" DROP COLUMN "digest";--> statement-breakpoint
ALTER TABLE "alert_match_nearby" DROP COLUMN "channels";