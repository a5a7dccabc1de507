-- Issue 29: show_faces (migration 0041) rebuilt by two transactions at once. Each deleted the
-- show's row and inserted a new one: when both marked the same show, the second's insert met the
-- first's row (committed meanwhile, or in flight) and failed on its key, so the fan's going mark
-- answered 500; had it not, it could have written a list without the other fan. The rebuild now
-- takes a lock per show first (db/advisory-locks.ts' SHOW_FACES_LOCK_CLASS, hashtext of the
-- show id, in key order so that two rebuilds of several shows cannot deadlock), held until the
-- transaction ends: the second waits for the first's commit, and its next statements read it.
CREATE OR REPLACE FUNCTION show_faces_refresh(changed text[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(4541766, k.key)
  FROM (SELECT DISTINCT hashtext(id) AS key FROM unnest(changed) AS id ORDER BY 1) k;
  DELETE FROM show_faces WHERE show_id = ANY(changed);
  INSERT INTO show_faces
    (show_id, head, head_public, fan_ids, names, photos, friends, marked_at, complete)
  SELECT c.show_id,
    json_agg(json_build_array(c.fan_id, c.tag_name, c.image) ORDER BY c.n) FILTER (WHERE c.n <= 4),
    NOT bool_or(c.friends) FILTER (WHERE c.n <= 4),
    array_agg(c.fan_id ORDER BY c.n) FILTER (WHERE c.n <= 8),
    array_agg(c.tag_name ORDER BY c.n) FILTER (WHERE c.n <= 8),
    array_agg(c.image ORDER BY c.n) FILTER (WHERE c.n <= 8),
    array_agg(c.friends ORDER BY c.n) FILTER (WHERE c.n <= 8),
    array_agg(c.updated_at ORDER BY c.n) FILTER (WHERE c.n <= 8),
    count(*) <= 8
  FROM (SELECT DISTINCT unnest(changed) AS id) s
  CROSS JOIN LATERAL (
    SELECT a.show_id, a.fan_id, fp.tag_name, u.image,
      coalesce(vs.visibility = 'friends', false) AS friends, a.updated_at,
      row_number() OVER (ORDER BY a.updated_at DESC, a.fan_id) AS n
    FROM show_attendance a
    JOIN fan_profiles fp ON fp.user_id = a.fan_id
    JOIN "user" u ON u.id = a.fan_id
    LEFT JOIN fan_settings vs ON vs.user_id = a.fan_id
    WHERE a.show_id = s.id AND a.status = 'going'
      AND (vs.user_id IS NULL OR (vs.show_attendance AND vs.visibility IN ('public', 'friends')))
    ORDER BY a.updated_at DESC, a.fan_id
    LIMIT 9) c
  GROUP BY c.show_id
$$;
