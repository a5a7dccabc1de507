CREATE TABLE "show_faces" (
	"show_id" text PRIMARY KEY NOT NULL,
	"head" json NOT NULL,
	"head_public" boolean NOT NULL,
	"fan_ids" text[] NOT NULL,
	"names" text[] NOT NULL,
	"photos" text[] NOT NULL,
	"friends" boolean[] NOT NULL,
	"marked_at" timestamp with time zone[] NOT NULL,
	"complete" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "show_faces" ADD CONSTRAINT "show_faces_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 29: Your Alerts' faces (each card's newest CARD_FACES going fans its viewer may see) read
-- one kept row per show instead of walking the show's going marks with each fan's settings.
-- show_faces holds, per show, the newest SHOW_FACES_KEPT (8) going fans whom someone besides
-- themselves may see: a fan profile, attendance shown (no settings row: shown), Public or Friends
-- Only. The viewer's own rules (blocks either way, Friends Only needing a pal, themself always)
-- are applied when read (repositories/fan-show-cards.ts), which falls back to the full walk when
-- the kept list cannot answer exactly. `head` is the first CARD_FACES (4) as a card's faces.
--
-- Kept in the writing transaction by triggers on everything it is made of: show_attendance
-- (going marks), fan_settings (visibility, attendance shown), fan_profiles (the profile, its tag
-- name), "user" (the photo). A deleted account cascades to its marks and profile, which refresh.
CREATE FUNCTION show_faces_refresh(changed text[]) RETURNS void LANGUAGE sql AS $$
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
--> statement-breakpoint
-- Going marks written: the shows of the going rows before and after.
CREATE FUNCTION show_faces_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT DISTINCT show_id FROM new_rows WHERE status = 'going');
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT DISTINCT show_id FROM old_rows WHERE status = 'going');
  ELSE
    changed := ARRAY(SELECT show_id FROM new_rows WHERE status = 'going'
      UNION SELECT show_id FROM old_rows WHERE status = 'going');
  END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM show_faces_refresh(changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fans written (their settings, profile, tag name or photo): the shows they are going to. The
-- argument names the fans' id column; a row trigger passes its row's fan as the second one.
CREATE FUNCTION show_faces_fans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fans text;
  changed text[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    fans := format('(SELECT %L::text AS %I)', to_jsonb(NEW) ->> TG_ARGV[0], TG_ARGV[0]);
  ELSIF TG_OP = 'INSERT' THEN
    fans := 'new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    fans := 'old_rows';
  ELSE
    fans := '(SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows)';
  END IF;
  EXECUTE format($q$SELECT ARRAY(SELECT DISTINCT a.show_id FROM show_attendance a
    WHERE a.status = 'going' AND a.fan_id IN (SELECT f.%I FROM %s f))$q$, TG_ARGV[0], fans)
    INTO changed;
  IF cardinality(changed) > 0 THEN
    PERFORM show_faces_refresh(changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Emptied: every show's faces again (a whole table truncated, as tests and tools may).
CREATE FUNCTION show_faces_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM show_faces;
  PERFORM show_faces_refresh(ARRAY(SELECT DISTINCT show_id FROM show_attendance
    WHERE status = 'going'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER show_faces_inserted AFTER INSERT ON show_attendance REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_marks_changed();
--> statement-breakpoint
CREATE TRIGGER show_faces_updated AFTER UPDATE ON show_attendance REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_marks_changed();
--> statement-breakpoint
CREATE TRIGGER show_faces_deleted AFTER DELETE ON show_attendance REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_marks_changed();
--> statement-breakpoint
CREATE TRIGGER show_faces_emptied AFTER TRUNCATE ON show_attendance
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_rebuild();
--> statement-breakpoint
CREATE TRIGGER show_faces_inserted AFTER INSERT ON fan_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_fans_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER show_faces_updated AFTER UPDATE ON fan_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_fans_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER show_faces_deleted AFTER DELETE ON fan_settings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_fans_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER show_faces_emptied AFTER TRUNCATE ON fan_settings
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_rebuild();
--> statement-breakpoint
CREATE TRIGGER show_faces_inserted AFTER INSERT ON fan_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_fans_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER show_faces_deleted AFTER DELETE ON fan_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_fans_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER show_faces_renamed AFTER UPDATE OF tag_name ON fan_profiles FOR EACH ROW
  WHEN (OLD.tag_name IS DISTINCT FROM NEW.tag_name)
  EXECUTE FUNCTION show_faces_fans_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER show_faces_emptied AFTER TRUNCATE ON fan_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_rebuild();
--> statement-breakpoint
CREATE TRIGGER show_faces_photo_changed AFTER UPDATE OF image ON "user" FOR EACH ROW
  WHEN (OLD.image IS DISTINCT FROM NEW.image)
  EXECUTE FUNCTION show_faces_fans_changed('id');
--> statement-breakpoint
-- Its own change notices (migration 0039), by the show: Your Alerts reads it.
CREATE TRIGGER public_changed AFTER TRUNCATE ON show_faces
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON show_faces REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON show_faces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON show_faces REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:show_id');
--> statement-breakpoint
SELECT show_faces_refresh(ARRAY(SELECT DISTINCT show_id FROM show_attendance WHERE status = 'going'));
