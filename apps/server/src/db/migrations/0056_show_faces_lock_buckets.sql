-- Issue 29: show_faces_refresh (migrations 0042, 0043) took one advisory lock per show it
-- rebuilt, so a statement writing going marks on thousands of shows at once (a bulk import, a
-- big world's seeding, a rebuild of every show's faces) ran out of Postgres' lock table ("out of
-- shared memory": 64 locks a connection by default, shared; a few thousand shows beside 0048's
-- 1,024 fan locks; bench:alerts-page's world of 100,000 shows failed so). Shows now share 1,024
-- keys (their id's hash modulo), as fans do since 0048: a statement takes at most that many, in
-- key order (no deadlock); two shows on one key only wait for each other's commit. The body is
-- 0043's, its first statement changed.
CREATE OR REPLACE FUNCTION show_faces_refresh(changed text[], added integer[] DEFAULT NULL)
RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(4541766, k.key)
  FROM (SELECT DISTINCT hashtext(id) & 1023 AS key FROM unnest(changed) AS id ORDER BY 1) k;
  -- `added[i]`: going marks added (or, below 0, removed) to `changed[i]`; null: none.
  UPDATE show_faces f SET going = f.going + d.n
  FROM unnest(changed, added) AS d(show_id, n)
  WHERE f.show_id = d.show_id AND d.n <> 0;
  INSERT INTO show_faces
    (show_id, head, head_public, fan_ids, names, photos, friends, marked_at, complete, going)
  SELECT s.id, '[]', true, '{}', '{}', '{}', '{}', '{}', true, c.n
  FROM (SELECT DISTINCT unnest(changed) AS id) s
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM show_attendance a
    WHERE a.show_id = s.id AND a.status = 'going') c
  WHERE c.n > 0 AND NOT EXISTS (SELECT 1 FROM show_faces f WHERE f.show_id = s.id);
  UPDATE show_faces f SET head = n.head, head_public = n.head_public, fan_ids = n.fan_ids,
    names = n.names, photos = n.photos, friends = n.friends, marked_at = n.marked_at,
    complete = n.complete
  FROM (
    SELECT s.id,
      coalesce(json_agg(json_build_array(c.fan_id, c.tag_name, c.image) ORDER BY c.n)
        FILTER (WHERE c.n <= 4), '[]') AS head,
      coalesce(NOT bool_or(c.friends) FILTER (WHERE c.n <= 4), true) AS head_public,
      coalesce(array_agg(c.fan_id ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS fan_ids,
      coalesce(array_agg(c.tag_name ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS names,
      coalesce(array_agg(c.image ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS photos,
      coalesce(array_agg(c.friends ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS friends,
      coalesce(array_agg(c.updated_at ORDER BY c.n) FILTER (WHERE c.n <= 8), '{}') AS marked_at,
      count(c.fan_id) <= 8 AS complete
    FROM (SELECT DISTINCT unnest(changed) AS id) s
    LEFT JOIN LATERAL (
      SELECT a.fan_id, fp.tag_name, u.image,
        coalesce(vs.visibility = 'friends', false) AS friends, a.updated_at,
        row_number() OVER (ORDER BY a.updated_at DESC, a.fan_id) AS n
      FROM show_attendance a
      JOIN fan_profiles fp ON fp.user_id = a.fan_id
      JOIN "user" u ON u.id = a.fan_id
      LEFT JOIN fan_settings vs ON vs.user_id = a.fan_id
      WHERE a.show_id = s.id AND a.status = 'going'
        AND (vs.user_id IS NULL OR (vs.show_attendance AND vs.visibility IN ('public', 'friends')))
      ORDER BY a.updated_at DESC, a.fan_id
      LIMIT 9) c ON true
    GROUP BY s.id) n
  WHERE f.show_id = n.id;
  DELETE FROM show_faces WHERE show_id = ANY(changed) AND going <= 0;
$$;
