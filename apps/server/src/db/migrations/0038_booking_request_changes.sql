-- The notification centre's booking notices (http/cached-pages.ts) show their request's night,
-- decline note and show as they are now, so booking_requests joins the tables whose every
-- statement sends its name at commit, as migration 0036 did for booking_notices. The app writes
-- a request only beside a notice, but a cascade, the demo loader or a psql session need not:
-- test/platform/cache-coverage.test.ts found the table read without a trigger.
CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_requests
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
