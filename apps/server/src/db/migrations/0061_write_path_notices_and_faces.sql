-- Issue 29: a going mark's triggers cost Postgres ~3.5 ms of the ~4.3 its statement takes (the
-- demo's world, one mark at a time from psql, commits not waited for), most of it in planning:
-- the mark's cascade (its notice, the show's faces, the dashboards' rollups and their notices)
-- runs some 60 statements, and each was planned again on every mark. Three changes, with what
-- the triggers write and the notices name unchanged (test/platform/row-change-tags.test.ts and
-- the suites of the faces, the rollups and the page caches):
--
-- 1. encore_rows_changed (migrations 0039, 0040, 0044, 0055, 0060) ran every query by EXECUTE
--    format(...), planned on every call, because a column named by an argument cannot be written
--    into a static query. Each row is now read as jsonb (`r ->> column`), so every query is
--    static and PL/pgSQL keeps its plan (one per trigger): the transition table is counted
--    first, as before, and turned into jsonb only when it has 1 to 100 rows.
--
-- 2. A going mark changed its show's faces row three times (its count, its faces, its shown
--    count: migrations 0043, 0048, 0056), each a new row version and a change notice, by SQL
--    functions, whose statements Postgres plans on every call. show_faces_refresh now takes the
--    shown counts too and writes each row once, in PL/pgSQL: a row missing before is made first
--    with the count it had (0 going while the invariant holds, as a row goes when its count
--    reaches 0; recounted as before, so a missing row is still made right), then one update adds
--    the marks and the shown marks and puts in the faces. show_faces_move_shown is folded in.
--
-- 3. Plans kept are not plans reused: see encore_small_write_plans below. A small write's
--    cascade, and encore_rows_changed always, now reuse one plan a statement.
--
-- Measured (psql, best of five batches of 300 marks, then their removal): a mark 5.0-5.6 ms
-- before, 1.85-2.0 ms after (enc copies of the demo, interleaved). bench:drops, two pairs at
-- 21-42k: a going mark 7.3-7.5 ms of Postgres against 10.5-14.3; the writes of bench:traffic at
-- 20 a second 9.3-9.6% of a core of Postgres against 12.2-15.6%.
CREATE OR REPLACE FUNCTION encore_rows_changed() RETURNS trigger LANGUAGE plpgsql
-- Its queries see 1 to 100 rows: one plan each, reused (see 3. above).
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  changed bigint;
  -- The changed rows as jsonb: an insert's new rows, a delete's old ones, an update's both.
  changed_rows jsonb[];
  -- After a `listing` argument on an update: each row whose listing changed, {"n": new, "o": old}.
  listing_rows jsonb[];
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
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO changed FROM old_rows;
  ELSE
    SELECT (SELECT count(*) FROM new_rows) + (SELECT count(*) FROM old_rows) INTO changed;
  END IF;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed > 100 THEN
    PERFORM pg_notify('encore_public_changed', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(to_jsonb(r)) INTO changed_rows FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(to_jsonb(r)) INTO changed_rows FROM old_rows r;
  ELSE
    SELECT array_agg(r.j) INTO changed_rows
    FROM (SELECT to_jsonb(n) FROM new_rows n UNION ALL SELECT to_jsonb(o) FROM old_rows o) r(j);
  END IF;
  FOREACH spec IN ARRAY TG_ARGV LOOP
    kind := split_part(spec, ':', 1);
    arg := split_part(spec, ':', 2);
    found := NULL;
    IF kind IN ('show', 'user') THEN
      SELECT array_agg(DISTINCT kind || ':' || (r ->> arg)) INTO found
      FROM unnest(changed_rows) r WHERE r ->> arg IS NOT NULL;
    ELSIF kind = 'parties' THEN
      SELECT array_agg(DISTINCT 'user:' || p.id) INTO found
      FROM (SELECT DISTINCT r ->> arg AS show_id FROM unnest(changed_rows) r) c
      CROSS JOIN LATERAL (
        SELECT s.performer_id FROM shows s WHERE s.id = c.show_id
        UNION ALL SELECT s.venue_id FROM shows s WHERE s.id = c.show_id
        UNION ALL SELECT a.performer_id FROM show_acts a WHERE a.show_id = c.show_id
      ) p(id)
      WHERE p.id IS NOT NULL;
    ELSIF kind = 'person' THEN
      WITH people AS (
        SELECT DISTINCT r ->> arg AS id FROM unnest(changed_rows) r WHERE r ->> arg IS NOT NULL
      ),
      their_shows AS (
        SELECT s.id FROM people p JOIN shows s ON s.performer_id = p.id
        UNION SELECT s.id FROM people p JOIN shows s ON s.venue_id = p.id
        UNION SELECT a.show_id FROM people p JOIN show_acts a ON a.performer_id = p.id
        UNION SELECT m.show_id FROM people p JOIN show_attendance m ON m.fan_id = p.id
      )
      SELECT array_agg(DISTINCT t.tag) INTO found FROM (
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
      ) t(tag);
    ELSIF kind = 'listing' AND (arg = '' OR TG_OP <> 'UPDATE') THEN
      results := '{}';
      found := ARRAY['shows:listing'];
    ELSIF kind = 'listing' THEN
      results := string_to_array(arg, ',');
      SELECT array_agg(jsonb_build_object('n', to_jsonb(n), 'o', to_jsonb(o))) INTO listing_rows
      FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE o.id IS NULL OR to_jsonb(n) - results IS DISTINCT FROM to_jsonb(o) - results;
      IF listing_rows IS NOT NULL THEN
        found := ARRAY['shows:listing'];
      END IF;
    ELSIF kind IN ('listed', 'cell', 'starts') AND results IS NULL THEN
      RAISE EXCEPTION 'encore_rows_changed: % needs a listing argument before it', spec;
    ELSIF kind = 'listed' AND (results = '{}' OR TG_OP <> 'UPDATE') THEN
      SELECT array_agg(DISTINCT 'shows:listing:' || arg || ':' || replace(r ->> arg, ',', '%2C'))
      INTO found FROM unnest(changed_rows) r WHERE r ->> arg IS NOT NULL;
    ELSIF kind = 'listed' THEN
      SELECT array_agg(DISTINCT 'shows:listing:' || arg || ':' || replace(v.value, ',', '%2C'))
      INTO found FROM unnest(listing_rows) p
      CROSS JOIN LATERAL (VALUES (p -> 'n' ->> arg), (p -> 'o' ->> arg)) v(value)
      WHERE v.value IS NOT NULL;
    ELSIF kind = 'cell' THEN
      lat_col := split_part(arg, ',', 1);
      lon_col := split_part(arg, ',', 2);
      -- Every row of an insert or a delete; of an update, the old and the new place of each row
      -- whose listing changed (as `listed`): results alone move no show on any map.
      SELECT array_agg(DISTINCT 'shows:listing:cell:' || floor(v.lat)::int
          || ':' || (((floor(v.lon)::int + 180) % 360 + 360) % 360 - 180))
      INTO found
      FROM (
        SELECT (r ->> lat_col)::float8, (r ->> lon_col)::float8 FROM unnest(changed_rows) r
        WHERE results = '{}' OR TG_OP <> 'UPDATE'
        UNION ALL
        SELECT (x.r ->> lat_col)::float8, (x.r ->> lon_col)::float8
        FROM unnest(listing_rows) p CROSS JOIN LATERAL (VALUES (p -> 'n'), (p -> 'o')) x(r)
        WHERE NOT (results = '{}' OR TG_OP <> 'UPDATE')
      ) v(lat, lon)
      WHERE v.lat IS NOT NULL AND v.lon IS NOT NULL;
    ELSIF kind = 'starts' THEN
      -- Every row of an insert or a delete: its start's day in UTC; of an update, the old and the
      -- new day of each row whose listing changed (as `listed`).
      SELECT array_agg(DISTINCT 'shows:starts:' || to_char(v.starts AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
      INTO found
      FROM (
        SELECT (r ->> arg)::timestamptz FROM unnest(changed_rows) r
        WHERE results = '{}' OR TG_OP <> 'UPDATE'
        UNION ALL
        SELECT (x.r ->> arg)::timestamptz
        FROM unnest(listing_rows) p CROSS JOIN LATERAL (VALUES (p -> 'n'), (p -> 'o')) x(r)
        WHERE NOT (results = '{}' OR TG_OP <> 'UPDATE')
      ) v(starts)
      WHERE v.starts IS NOT NULL;
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
-- 3. (see the header) Postgres plans a statement with its parameters' values (a custom plan)
-- for as long as that is estimated cheaper than reusing its generic plan, and a generic plan
-- reckons an array parameter at 10 rows: a mark's arrays hold one, so every statement of its
-- cascade was planned again on every mark. While a write is small (at most 100 rows) its
-- cascade reuses one plan a statement; a bulk write (an import, the demo's or a bench's world)
-- keeps plans made for its size. Sets the mode for the rest of the transaction, so the caller
-- puts back the mode this answers when its work is done (an error ends the transaction or
-- savepoint, which puts it back anyway).
CREATE FUNCTION encore_small_write_plans(statement_rows integer) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  previous text := current_setting('plan_cache_mode');
BEGIN
  IF statement_rows <= 100 THEN
    PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);
  END IF;
  RETURN previous;
END $$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION show_faces_lock_fans(fans text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4541767, k.key)
  FROM (SELECT DISTINCT hashtext(id) & 1023 AS key FROM unnest(fans) AS id ORDER BY 1) k;
END $$;
--> statement-breakpoint
DROP FUNCTION show_faces_refresh(text[], integer[]);
--> statement-breakpoint
DROP FUNCTION show_faces_move_shown(text[], integer[]);
--> statement-breakpoint
-- `added[i]`: going marks added (or, below 0, removed) to `changed[i]`; `shown[i]`: of those, the
-- ones everyone may see (going_shown, migration 0048); null: none.
CREATE FUNCTION show_faces_refresh(changed text[], added integer[] DEFAULT NULL,
  shown integer[] DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4541766, k.key)
  FROM (SELECT DISTINCT hashtext(id) & 1023 AS key FROM unnest(changed) AS id ORDER BY 1) k;
  INSERT INTO show_faces
    (show_id, head, head_public, fan_ids, names, photos, friends, marked_at, complete, going)
  SELECT d.show_id, '[]', true, '{}', '{}', '{}', '{}', '{}', true, c.n - d.added
  FROM (SELECT m.show_id, coalesce(sum(m.added), 0)::int AS added
    FROM unnest(changed, added) AS m(show_id, added) GROUP BY m.show_id) d
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM show_attendance a
    WHERE a.show_id = d.show_id AND a.status = 'going') c
  WHERE c.n > 0 AND NOT EXISTS (SELECT 1 FROM show_faces f WHERE f.show_id = d.show_id);
  UPDATE show_faces f SET going = f.going + n.added, going_shown = f.going_shown + n.shown,
    head = n.head, head_public = n.head_public, fan_ids = n.fan_ids, names = n.names,
    photos = n.photos, friends = n.friends, marked_at = n.marked_at, complete = n.complete
  FROM (
    SELECT s.show_id, s.added, s.shown,
      coalesce(json_agg(json_build_array(c.fan_id, c.tag_name, c.image) ORDER BY c.n)
        FILTER (WHERE c.n <= 4), '[]') AS head,
      coalesce(NOT bool_or(c.friends) FILTER (WHERE c.n <= 4), true) AS head_public,
      coalesce(array_agg(c.fan_id ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS fan_ids,
      coalesce(array_agg(c.tag_name ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS names,
      coalesce(array_agg(c.image ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS photos,
      coalesce(array_agg(c.friends ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS friends,
      coalesce(array_agg(c.updated_at ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS marked_at,
      count(c.fan_id) <= 8 AS complete
    FROM (SELECT m.show_id, coalesce(sum(m.added), 0)::int AS added,
        coalesce(sum(m.shown), 0)::int AS shown
      FROM unnest(changed, added, shown) AS m(show_id, added, shown) GROUP BY m.show_id) s
    LEFT JOIN LATERAL (
      SELECT a.fan_id, fp.tag_name, u.image,
        coalesce(vs.visibility = 'friends', false) AS friends, a.updated_at,
        row_number() OVER (ORDER BY a.updated_at DESC, a.fan_id) AS n
      FROM show_attendance a
      JOIN fan_profiles fp ON fp.user_id = a.fan_id
      JOIN "user" u ON u.id = a.fan_id
      LEFT JOIN fan_settings vs ON vs.user_id = a.fan_id
      WHERE a.show_id = s.show_id AND a.status = 'going'
        AND (vs.user_id IS NULL OR (vs.show_attendance AND vs.visibility IN ('public', 'friends')))
      ORDER BY a.updated_at DESC, a.fan_id
      LIMIT 9) c ON true
    GROUP BY s.show_id, s.added, s.shown) n
  WHERE f.show_id = n.show_id;
  DELETE FROM show_faces WHERE show_id = ANY(changed) AND going <= 0;
END $$;
--> statement-breakpoint
-- Migration 0048's two callers, each calling show_faces_refresh once.
CREATE OR REPLACE FUNCTION show_faces_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plans text;
  fans text[];
  marked text[];
  signs integer[];
  changed text[];
  added integer[];
  shown integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(fan_id), array_agg(show_id), array_agg(1) INTO fans, marked, signs
    FROM new_rows WHERE status = 'going';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(fan_id), array_agg(show_id), array_agg(-1) INTO fans, marked, signs
    FROM old_rows WHERE status = 'going';
  ELSE
    SELECT array_agg(m.fan_id), array_agg(m.show_id), array_agg(m.sign) INTO fans, marked, signs
    FROM (SELECT fan_id, show_id, 1 AS sign FROM new_rows WHERE status = 'going'
      UNION ALL SELECT fan_id, show_id, -1 FROM old_rows WHERE status = 'going') m;
  END IF;
  IF cardinality(fans) > 0 THEN
    plans := encore_small_write_plans(cardinality(fans));
    PERFORM show_faces_lock_fans(fans);
    SELECT array_agg(d.show_id), array_agg(d.n), array_agg(d.shown) INTO changed, added, shown
    FROM (SELECT m.show_id, sum(m.sign)::int AS n,
        coalesce(sum(m.sign) FILTER (WHERE NOT EXISTS (SELECT 1 FROM fan_settings vs
          WHERE vs.user_id = m.fan_id AND (vs.visibility <> 'public' OR NOT vs.show_attendance))),
          0)::int AS shown
      FROM unnest(fans, marked, signs) AS m(fan_id, show_id, sign) GROUP BY m.show_id) d;
    PERFORM show_faces_refresh(changed, added, shown);
    PERFORM set_config('plan_cache_mode', plans, true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION show_faces_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fans text[];
  moves integer[];
  changed text[];
  shown integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(s.user_id), array_agg(s.shown - 1) INTO fans, moves
    FROM (SELECT user_id, (visibility = 'public' AND show_attendance)::int AS shown
      FROM new_rows) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(s.user_id), array_agg(1 - s.shown) INTO fans, moves
    FROM (SELECT user_id, (visibility = 'public' AND show_attendance)::int AS shown
      FROM old_rows) s;
  ELSE
    SELECT array_agg(s.user_id), array_agg(s.move) INTO fans, moves
    FROM (SELECT user_id, (visibility = 'public' AND show_attendance)::int - 1 AS move
        FROM new_rows
      UNION ALL SELECT user_id, 1 - (visibility = 'public' AND show_attendance)::int
        FROM old_rows) s;
  END IF;
  IF cardinality(fans) > 0 THEN
    PERFORM show_faces_lock_fans(fans);
    SELECT array_agg(d.show_id), array_agg(d.shown) INTO changed, shown
    FROM (SELECT a.show_id, sum(f.move)::int AS shown
      FROM unnest(fans, moves) AS f(fan_id, move)
      JOIN show_attendance a ON a.fan_id = f.fan_id AND a.status = 'going'
      GROUP BY a.show_id) d;
    IF cardinality(changed) > 0 THEN
      PERFORM show_faces_refresh(changed, NULL, shown);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Migration 0016's count of going and attended marks, its plans reused while the write is small
-- (3. above): the rollups' cascade (show_audience_counts, then venue_audience_months and _years
-- by their triggers, migration 0045) runs inside it.
CREATE OR REPLACE FUNCTION dashboard_rollups_count_attendance(fan_ids text[], show_ids text[], delta int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  plans text;
BEGIN
  IF fan_ids IS NULL THEN RETURN; END IF;
  plans := encore_small_write_plans(cardinality(fan_ids));
  INSERT INTO show_audience_counts AS s (show_id, dimension, value, fans)
  SELECT c.show_id, d.dimension, d.value, delta * count(*)::int
  FROM unnest(fan_ids, show_ids) c(fan_id, show_id)
  JOIN shows sh ON sh.id = c.show_id
  JOIN fan_profiles f ON f.user_id = c.fan_id
  JOIN "user" fu ON fu.id = c.fan_id
  CROSS JOIN LATERAL (VALUES ('age', f.age_range), ('gender', f.gender), ('zip', f.zip_code))
    d(dimension, value)
  GROUP BY 1, 2, 3
  ON CONFLICT (show_id, dimension, value) DO UPDATE SET fans = s.fans + excluded.fans;
  PERFORM set_config('plan_cache_mode', plans, true);
END $$;
