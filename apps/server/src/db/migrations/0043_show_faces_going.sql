ALTER TABLE "show_faces" ADD COLUMN "going" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 29: Your Alerts counted each card's going fans with a subquery over the show's marks (an
-- index walk per card, every page). show_faces now keeps the count too: every going mark, hidden
-- fans included (a card says "+N more"), so a show has a row whenever it has a going mark, with
-- empty lists when no one else may be seen. The count moves with the marks written (the statement's
-- going rows after minus before, per show), in the same transaction and under the same per-show
-- lock as the faces (migration 0042), so two transactions marking one show add up; a show without
-- a row is counted from its marks (its first going fan, or a rebuild). The faces are rewritten in
-- place (they were deleted and inserted): with the count kept, nothing else changes.
DROP FUNCTION show_faces_refresh(text[]);
--> statement-breakpoint
CREATE FUNCTION show_faces_refresh(changed text[], added integer[] DEFAULT NULL)
RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(4541766, k.key)
  FROM (SELECT DISTINCT hashtext(id) AS key FROM unnest(changed) AS id ORDER BY 1) k;
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
--> statement-breakpoint
-- Going marks written: the shows of the going rows before and after, each with its going marks
-- after minus before.
CREATE OR REPLACE FUNCTION show_faces_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
  added integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.show_id), array_agg(d.n) INTO changed, added
    FROM (SELECT show_id, count(*)::int AS n FROM new_rows WHERE status = 'going'
      GROUP BY show_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.show_id), array_agg(d.n) INTO changed, added
    FROM (SELECT show_id, -count(*)::int AS n FROM old_rows WHERE status = 'going'
      GROUP BY show_id) d;
  ELSE
    SELECT array_agg(d.show_id), array_agg(d.n) INTO changed, added
    FROM (SELECT m.show_id, sum(m.n)::int AS n FROM (
        SELECT show_id, 1 AS n FROM new_rows WHERE status = 'going'
        UNION ALL SELECT show_id, -1 FROM old_rows WHERE status = 'going') m
      GROUP BY m.show_id) d;
  END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM show_faces_refresh(changed, added);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every show with a going mark gets its row and its count.
DELETE FROM show_faces;
--> statement-breakpoint
SELECT show_faces_refresh(ARRAY(SELECT DISTINCT show_id FROM show_attendance WHERE status = 'going'));
