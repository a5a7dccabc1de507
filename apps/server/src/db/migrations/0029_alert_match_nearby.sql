-- UNLOGGED: a match's scratch, rebuilt by every match (db/schema/alert-match-nearby.ts).
CREATE UNLOGGED TABLE "alert_match_nearby" (
	"show_event_id" text NOT NULL,
	"fan_id" text NOT NULL,
	"reason" text NOT NULL,
	"digest" boolean NOT NULL,
	"channels" text[] NOT NULL,
	CONSTRAINT "alert_match_nearby_show_event_id_fan_id_pk" PRIMARY KEY("show_event_id","fan_id")
);
