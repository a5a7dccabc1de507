-- Booking notices join the notification centre, whose per-user cached page (http/private-cache.ts)
-- is dropped by these notices, as migration 0033 did for show_notices and social_notices: each
-- statement that writes booking_notices (a notice, a read mark, a request's or account's deletion
-- cascading to it) sends the table's name once, at commit.
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_notices
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
