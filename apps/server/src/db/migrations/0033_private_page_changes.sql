-- The private pages' cache (http/private-cache.ts: the notification centre, the fan dashboard) is
-- dropped by these notices, as the public pages' cache is by migration 0030's: each statement
-- that writes a table those pages read, and that 0030 does not cover, sends the table's name
-- once. Not on alert_deliveries: a fan-out writes up to a million rows, and its own
-- encore_alerts_matched notice (and a read mark's encore_notifications_read) already says what
-- changed.
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON show_notices
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON social_notices
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON going_invites
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pal_links
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fan_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
