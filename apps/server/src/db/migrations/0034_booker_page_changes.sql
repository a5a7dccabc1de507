-- The performer's and venue's dashboards join the private pages' cache (http/private-cache.ts):
-- each statement that writes a table they read, and that 0030/0033 do not cover, sends the
-- table's name once. The rollups (0016, 0018) are written by statement-level triggers, so their
-- notice comes once per statement of the change too: alert_delivery_counts once per matcher
-- range or recorded batch of outcomes, never per delivery row (alert_deliveries keeps no
-- trigger). ticket_clicks: one notice per click, as a click is one request.
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON show_events
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alert_delivery_counts
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON performer_follow_months
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON performer_follower_zips
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON show_audience_counts
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ticket_clicks
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
