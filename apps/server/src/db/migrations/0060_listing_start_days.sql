-- Issue 29, decision 061: an announcement no longer drops the Your Alerts pages that cannot show
-- it by date. A page is soonest first and cut at its limit: a show starting after its last card,
-- when a next page exists, is not on it. Besides its listing tags, a show added, removed or
-- edited beyond its results now names the day it starts, before and after the edit:
-- `shows:starts:<YYYY-MM-DD>`, in UTC. A kept Your Alerts page with a next page carries its
-- horizon (its last card's day) and a notice whose only tags it shares are listing tags drops
-- it only when one of these days is on or before it (lib/public-response-cache.ts' `touches`).
--
-- One more argument kind of encore_rows_changed (migrations 0039, 0040, 0044, 0055):
--   starts:<column>  'shows:starts:' || the column's day in UTC, for each row the `listing`
--                    argument before it counts (old and new start of an edit)
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
  -- A `cell` argument's columns: the show's latitude and longitude.
  lat_col text;
  lon_col text;
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
    ELSIF kind = 'cell' AND results IS NULL THEN
      RAISE EXCEPTION 'encore_rows_changed: % needs a listing argument before it', spec;
    ELSIF kind = 'cell' THEN
      lat_col := split_part(arg, ',', 1);
      lon_col := split_part(arg, ',', 2);
      IF results = '{}' OR TG_OP <> 'UPDATE' THEN
        -- Every row of an insert or a delete.
        EXECUTE format($q$SELECT array_agg(DISTINCT 'shows:listing:cell:' || floor(r.%1$I)::int
            || ':' || (((floor(r.%2$I)::int + 180) %% 360 + 360) %% 360 - 180))
          FROM %3$s r WHERE r.%1$I IS NOT NULL AND r.%2$I IS NOT NULL$q$,
          lat_col, lon_col, source) INTO found;
      ELSE
        -- The old and the new place of each row whose listing changed (as `listed`): results
        -- alone move no show on any map.
        EXECUTE format($q$SELECT array_agg(DISTINCT 'shows:listing:cell:' || floor(v.lat)::int
            || ':' || (((floor(v.lon)::int + 180) %% 360 + 360) %% 360 - 180))
          FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
          CROSS JOIN LATERAL (VALUES (n.%1$I, n.%2$I), (o.%1$I, o.%2$I)) v(lat, lon)
          WHERE v.lat IS NOT NULL AND v.lon IS NOT NULL
            AND (o.id IS NULL OR to_jsonb(n) - $1 IS DISTINCT FROM to_jsonb(o) - $1)$q$,
          lat_col, lon_col) INTO found USING results;
      END IF;
    ELSIF kind = 'starts' AND results IS NULL THEN
      RAISE EXCEPTION 'encore_rows_changed: % needs a listing argument before it', spec;
    ELSIF kind = 'starts' AND (results = '{}' OR TG_OP <> 'UPDATE') THEN
      -- Every row of an insert or a delete: its start's day in UTC.
      EXECUTE format($q$SELECT array_agg(DISTINCT 'shows:starts:'
          || to_char(r.%1$I AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
        FROM %2$s r WHERE r.%1$I IS NOT NULL$q$, arg, source) INTO found;
    ELSIF kind = 'starts' THEN
      -- The old and the new day of each row whose listing changed (as `listed`).
      EXECUTE format($q$SELECT array_agg(DISTINCT 'shows:starts:'
          || to_char(v.starts AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
        FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL (VALUES (n.%1$I), (o.%1$I)) v(starts)
        WHERE v.starts IS NOT NULL
          AND (o.id IS NULL OR to_jsonb(n) - $1 IS DISTINCT FROM to_jsonb(o) - $1)$q$,
        arg) INTO found USING results;
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
DROP TRIGGER rows_inserted ON shows;
--> statement-breakpoint
DROP TRIGGER rows_updated ON shows;
--> statement-breakpoint
DROP TRIGGER rows_deleted ON shows;
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON shows REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at', 'listed:performer_id', 'listed:genre', 'cell:latitude,longitude', 'starts:starts_at');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON shows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at', 'listed:performer_id', 'listed:genre', 'cell:latitude,longitude', 'starts:starts_at');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON shows REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at', 'listed:performer_id', 'listed:genre', 'cell:latitude,longitude', 'starts:starts_at');
