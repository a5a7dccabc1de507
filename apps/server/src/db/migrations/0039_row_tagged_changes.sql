-- Decision 034: the page caches (http/cached-pages.ts) drop only the pages a change touches. The
-- busy tables' notices now name the rows' subjects, `table|tag,tag,…`, read off the statement's
-- transition tables: `show:<id>` (a show), `user:<id>` (a fan, performer or venue), and
-- `shows:listing` when the set of shows a listing may hold changed (a show added, removed, or
-- edited beyond its results; any act). A page tagged with one of them, or reading the table
-- whole, is dropped. A statement of more than 100 rows, or a payload past NOTIFY's 8,000 bytes,
-- sends the bare table name (drops by table, as before); one that changed no row sends nothing.
--
-- The function's arguments say which tags a table's rows give:
--   show:<column>    'show:' || the column          user:<column>  'user:' || the column
--   parties:<column> the performer, venue and acts of the show the column names (a going mark
--                    changes the artist's and the venue's pages and dashboards)
--   listing          always 'shows:listing'
--   listing:<c>,<c>  'shows:listing' unless an UPDATE changed only these columns (the results)
-- Transition tables need one trigger per event; TRUNCATE keeps the bare-name trigger of 0030.
CREATE FUNCTION encore_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'new_rows'
    WHEN 'DELETE' THEN 'old_rows'
    ELSE '(SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows)' END;
  changed bigint;
  spec text;
  kind text;
  arg text;
  found text[];
  tags text[] := '{}';
  payload text;
BEGIN
  EXECUTE format('SELECT count(*) FROM %s r', source) INTO changed;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed > 100 THEN
    PERFORM pg_notify('encore_public_changed', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  FOREACH spec IN ARRAY TG_ARGV LOOP
    kind := split_part(spec, ':', 1);
    arg := split_part(spec, ':', 2);
    found := NULL;
    IF kind IN ('show', 'user') THEN
      EXECUTE format('SELECT array_agg(DISTINCT %L || r.%I) FROM %s r WHERE r.%I IS NOT NULL',
        kind || ':', arg, source, arg) INTO found;
    ELSIF kind = 'parties' THEN
      EXECUTE format($q$
        SELECT array_agg(DISTINCT 'user:' || p.id)
        FROM (SELECT DISTINCT r.%I AS show_id FROM %s r) c
        CROSS JOIN LATERAL (
          SELECT s.performer_id FROM shows s WHERE s.id = c.show_id
          UNION ALL SELECT s.venue_id FROM shows s WHERE s.id = c.show_id
          UNION ALL SELECT a.performer_id FROM show_acts a WHERE a.show_id = c.show_id
        ) p(id)
        WHERE p.id IS NOT NULL$q$, arg, source) INTO found;
    ELSIF kind = 'listing' AND (arg = '' OR TG_OP <> 'UPDATE') THEN
      found := ARRAY['shows:listing'];
    ELSIF kind = 'listing' THEN
      EXECUTE $q$
        SELECT ARRAY['shows:listing'] WHERE EXISTS (
          SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
          WHERE o.id IS NULL OR to_jsonb(n) - $1 IS DISTINCT FROM to_jsonb(o) - $1)$q$
        INTO found USING string_to_array(arg, ',');
    ELSE
      RAISE EXCEPTION 'encore_rows_changed: unknown argument %', spec;
    END IF;
    tags := tags || coalesce(found, '{}');
  END LOOP;
  payload := TG_TABLE_NAME || '|' || array_to_string(ARRAY(SELECT DISTINCT unnest(tags)), ',');
  IF octet_length(payload) > 7900 THEN
    payload := TG_TABLE_NAME;
  END IF;
  PERFORM pg_notify('encore_public_changed', payload);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER public_changed ON shows;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON shows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON shows REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON shows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON shows REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at');
--> statement-breakpoint
DROP TRIGGER public_changed ON show_acts;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON show_acts
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON show_acts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:performer_id', 'listing');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON show_acts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:performer_id', 'listing');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON show_acts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:performer_id', 'listing');
--> statement-breakpoint
DROP TRIGGER public_changed ON show_attendance;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON show_attendance
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON show_attendance REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:fan_id', 'parties:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON show_attendance REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:fan_id', 'parties:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON show_attendance REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:fan_id', 'parties:show_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON artist_alerts;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON artist_alerts
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON artist_alerts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id', 'user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON artist_alerts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id', 'user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON artist_alerts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_id', 'user:performer_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON pal_links;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON pal_links
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON pal_links REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_a', 'user:fan_b');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON pal_links REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_a', 'user:fan_b');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON pal_links REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:fan_a', 'user:fan_b');
--> statement-breakpoint
DROP TRIGGER public_changed ON fan_blocks;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON fan_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON fan_blocks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:blocker_id', 'user:blocked_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON fan_blocks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:blocker_id', 'user:blocked_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON fan_blocks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:blocker_id', 'user:blocked_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON going_invites;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON going_invites
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON going_invites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:from_fan_id', 'user:to_fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON going_invites REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:from_fan_id', 'user:to_fan_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON going_invites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'user:from_fan_id', 'user:to_fan_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON social_notices;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON social_notices
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON social_notices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id', 'user:actor_id', 'show:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON social_notices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id', 'user:actor_id', 'show:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON social_notices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id', 'user:actor_id', 'show:show_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON show_notices;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON show_notices
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON show_notices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id', 'user:act_performer_id', 'show:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON show_notices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id', 'user:act_performer_id', 'show:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON show_notices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id', 'user:act_performer_id', 'show:show_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON booking_notices;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON booking_notices
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON booking_notices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON booking_notices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON booking_notices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:user_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON ticket_clicks;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON ticket_clicks
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON ticket_clicks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON ticket_clicks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON ticket_clicks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON show_events;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON show_events
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON show_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON show_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON show_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON show_audience_counts;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON show_audience_counts
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON show_audience_counts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON show_audience_counts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON show_audience_counts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id', 'parties:show_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON performer_follow_months;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON performer_follow_months
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON performer_follow_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON performer_follow_months REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON performer_follow_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON performer_follower_zips;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON performer_follower_zips
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON performer_follower_zips REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON performer_follower_zips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON performer_follower_zips REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
