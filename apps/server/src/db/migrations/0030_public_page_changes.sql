-- The public pages' in-memory cache (http/public-cache.ts) is dropped by these notices: each
-- statement that writes a table a public page reads (artist, venue and show pages, the city
-- listing) sends the table's name once, whatever the number of rows. NOTIFY is delivered only
-- when, and if, the transaction commits, and Postgres folds identical notices of one transaction
-- into one. Statement-level, so a bulk write pays one pg_notify, not one per row. Not on the alert
-- outbox (alert_deliveries) nor on sessions: no public page reads them.
CREATE FUNCTION encore_public_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('encore_public_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON performer_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venue_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fan_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fan_settings
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON show_acts
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON show_attendance
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON artist_alerts
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
