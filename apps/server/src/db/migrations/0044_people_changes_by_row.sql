-- Issue 29: a sign-up, a profile edit or a settings change no longer empties every cached page.
-- "user", the three profiles and fan_settings sent their bare table name (migration 0030), and
-- every page reads "user": one sign-up a second and the caches would hold nothing. They now name
-- the rows they changed, as the busy tables do (migration 0039, decision 034), by the person:
--
-- One more argument kind of encore_rows_changed (migrations 0039, 0040):
--   person:<column>  for each person the column names:
--                    - 'user:' || the person (their own pages; an artist's or venue's page);
--                    - 'show:' || each show they are on: as its performer, its venue, one of its
--                      acts, or a fan with a mark on it (the pages that list or show it name them:
--                      a bill, an attendee's face, a pal going; a hidden fan who becomes visible
--                      appears on the shows they are going to);
--                    - 'user:' || those shows' performers, venues and acts (their dashboards list
--                      the shows with the names on them);
--                    - 'user:' || the other side of each booking request they are party to (its
--                      notices name both sides).
-- A new account is on no show yet: its notice names only itself, and drops nothing cached. A
-- person on many shows passes NOTIFY's payload and sends the bare name, as before (a venue with
-- ~90 shows or more): correct, only coarse, and such edits are rare.
-- Pages that name a person elsewhere carry the person's tag: the notification centre its items'
-- fans, Discovery's search its artists (http/cached-pages.ts). Discovery's search still follows
-- performer_profiles by table: a new or renamed artist may join any query's answer.
CREATE OR REPLACE FUNCTION encore_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- The columns a `listing` argument leaves out of a listing change (its results): NULL before one.
  results text[];
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
    ELSIF kind = 'person' THEN
      EXECUTE format($q$
        WITH people AS (SELECT DISTINCT r.%I AS id FROM %s r WHERE r.%I IS NOT NULL),
        their_shows AS (
          SELECT s.id FROM people p JOIN shows s ON s.performer_id = p.id
          UNION SELECT s.id FROM people p JOIN shows s ON s.venue_id = p.id
          UNION SELECT a.show_id FROM people p JOIN show_acts a ON a.performer_id = p.id
          UNION SELECT m.show_id FROM people p JOIN show_attendance m ON m.fan_id = p.id
        )
        SELECT array_agg(DISTINCT t.tag) FROM (
          SELECT 'user:' || p.id FROM people p
          UNION ALL SELECT 'show:' || ts.id FROM their_shows ts
          UNION ALL SELECT 'user:' || x.id FROM their_shows ts CROSS JOIN LATERAL (
            SELECT s.performer_id FROM shows s WHERE s.id = ts.id
            UNION ALL SELECT s.venue_id FROM shows s WHERE s.id = ts.id
            UNION ALL SELECT a.performer_id FROM show_acts a WHERE a.show_id = ts.id
          ) x(id) WHERE x.id IS NOT NULL
          UNION ALL SELECT 'user:' || b.venue_id
            FROM people p JOIN booking_requests b ON b.performer_id = p.id
          UNION ALL SELECT 'user:' || b.performer_id
            FROM people p JOIN booking_requests b ON b.venue_id = p.id
        ) t(tag)$q$, arg, source, arg) INTO found;
    ELSIF kind = 'listing' AND (arg = '' OR TG_OP <> 'UPDATE') THEN
      results := '{}';
      found := ARRAY['shows:listing'];
    ELSIF kind = 'listing' THEN
      results := string_to_array(arg, ',');
      EXECUTE $q$
        SELECT ARRAY['shows:listing'] WHERE EXISTS (
          SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
          WHERE o.id IS NULL OR to_jsonb(n) - $1 IS DISTINCT FROM to_jsonb(o) - $1)$q$
        INTO found USING results;
    ELSIF kind = 'listed' AND results IS NULL THEN
      RAISE EXCEPTION 'encore_rows_changed: % needs a listing argument before it', spec;
    ELSIF kind = 'listed' AND (results = '{}' OR TG_OP <> 'UPDATE') THEN
      EXECUTE format($q$SELECT array_agg(DISTINCT %L || replace(r.%I::text, ',', '%%2C'))
        FROM %s r WHERE r.%I IS NOT NULL$q$, 'shows:listing:' || arg || ':', arg, source, arg)
        INTO found;
    ELSIF kind = 'listed' THEN
      EXECUTE format($q$SELECT array_agg(DISTINCT %L || replace(v.value, ',', '%%2C'))
        FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL (VALUES (n.%I::text), (o.%I::text)) v(value)
        WHERE v.value IS NOT NULL
          AND (o.id IS NULL OR to_jsonb(n) - $1 IS DISTINCT FROM to_jsonb(o) - $1)$q$,
        'shows:listing:' || arg || ':', arg, arg) INTO found USING results;
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
DROP TRIGGER public_changed ON "user";
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON "user" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:id');
--> statement-breakpoint
DROP TRIGGER public_changed ON performer_profiles;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON performer_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON performer_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON performer_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON performer_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON venue_profiles;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON venue_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON venue_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON venue_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON venue_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON fan_profiles;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON fan_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON fan_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON fan_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON fan_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
DROP TRIGGER public_changed ON fan_settings;
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON fan_settings
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON fan_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON fan_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON fan_settings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('person:user_id');
