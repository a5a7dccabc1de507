-- The per-process session cache (auth/session-cache.ts) is dropped by these notices: each
-- statement that updates or deletes sessions or users sends the ids of the users concerned
-- (distinct, comma-separated; empty when too many for a notice: every process then drops all),
-- delivered when, and if, the transaction commits. Statement-level with a transition table, so a
-- bulk delete of expired sessions pays one pg_notify. Not on INSERT: a new session or user has
-- nothing cached yet. TRUNCATE drops everyone's.
CREATE FUNCTION encore_session_notify(user_ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF user_ids IS NULL THEN RETURN; END IF;
  -- pg_notify's payload must stay under 8000 bytes.
  IF length(user_ids) > 7000 THEN user_ids := ''; END IF;
  PERFORM pg_notify('encore_session_changed', user_ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION encore_session_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM encore_session_notify((SELECT string_agg(DISTINCT user_id, ',') FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION encore_session_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM encore_session_notify((SELECT string_agg(DISTINCT id, ',') FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION encore_sessions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('encore_session_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_updated AFTER UPDATE ON "session" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_session_rows_changed();
--> statement-breakpoint
CREATE TRIGGER session_deleted AFTER DELETE ON "session" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_session_rows_changed();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION encore_sessions_truncated();
--> statement-breakpoint
CREATE TRIGGER session_user_updated AFTER UPDATE ON "user" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_session_users_changed();
--> statement-breakpoint
CREATE TRIGGER session_user_deleted AFTER DELETE ON "user" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_session_users_changed();
--> statement-breakpoint
CREATE TRIGGER session_user_truncated AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION encore_sessions_truncated();
