ALTER TABLE "show_faces" ADD COLUMN "going_shown" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 29: Connect with Attendees counted a show's going fans and those its viewer may see by
-- reading every going mark from the heap and probing each fan's settings (bench:social: the
-- statement that grew with the show, ~17 ms for 4,400 going). show_faces now keeps, beside the
-- going count (0043), `going_shown`: the going marks of fans whose attendance anyone may see (no
-- settings row, or Public with attendance shown). For a viewer, every fan who is not themself, a
-- Show Pal or blocked either way is seen exactly when shown, so the repository counts from the
-- kept figure and applies the rule only to the viewer's own pals and blocks (~50 fans, probed by
-- key), whatever the show's size.
--
-- It moves by each write's rows: a going mark counts as its fan's settings say when written; a
-- settings row written moves every show its fan is going to by shown after minus before (no row:
-- shown). A mark and its fan's settings written at once by two transactions would each miss the
-- other's uncommitted row, so both triggers first take a lock per fan (SHOW_FACES_FAN_LOCK_CLASS,
-- db/advisory-locks.ts, in key order, before the per-show locks): the second waits for the first
-- to commit and its next statements read it. The faces gain the same guarantee (a mark written
-- beside its fan's switch to Private no longer keeps them in a list until the next refresh).
--
-- `changed[i]` gains `shown[i]` going marks of shown fans (or loses them, below 0). Called after
-- show_faces_refresh (0043) for the same shows, under its per-show locks: a show's row created
-- there (its first going marks) starts at 0 and gains this statement's, which are then all of
-- them; a row it deleted (no going mark left) is not written.
CREATE FUNCTION show_faces_move_shown(changed text[], shown integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE show_faces f SET going_shown = f.going_shown + d.n
  FROM unnest(changed, shown) AS d(show_id, n)
  WHERE f.show_id = d.show_id AND d.n <> 0;
$$;
--> statement-breakpoint
-- Every show's shown going marks counted from scratch (the backfill below, and a rebuild).
CREATE FUNCTION show_faces_recount_shown() RETURNS void LANGUAGE sql AS $$
  UPDATE show_faces f SET going_shown = (SELECT count(*)::int FROM show_attendance a
    WHERE a.show_id = f.show_id AND a.status = 'going' AND NOT EXISTS (SELECT 1
      FROM fan_settings vs WHERE vs.user_id = a.fan_id
        AND (vs.visibility <> 'public' OR NOT vs.show_attendance)));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION show_faces_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM show_faces;
  PERFORM show_faces_refresh(ARRAY(SELECT DISTINCT show_id FROM show_attendance
    WHERE status = 'going'));
  PERFORM show_faces_recount_shown();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The per-fan lock both triggers take before reading the other's table (see above). Fans share
-- 1,024 keys (their id's hash modulo): a statement writing the marks of thousands of fans takes at
-- most 1,024 locks, within Postgres' lock table (one per fan ran out of shared memory at 20,000);
-- two fans on one key only wait for each other's commit.
CREATE FUNCTION show_faces_lock_fans(fans text[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(4541767, k.key)
  FROM (SELECT DISTINCT hashtext(id) & 1023 AS key FROM unnest(fans) AS id ORDER BY 1) k;
$$;
--> statement-breakpoint
-- Going marks written: the shows of the going rows before and after, each with its going marks
-- (and those of shown fans) after minus before. The rows are gathered first (fan, show, +1 after
-- or -1 before), their fans locked, then their settings read.
CREATE OR REPLACE FUNCTION show_faces_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
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
    PERFORM show_faces_lock_fans(fans);
    SELECT array_agg(d.show_id), array_agg(d.n), array_agg(d.shown) INTO changed, added, shown
    FROM (SELECT m.show_id, sum(m.sign)::int AS n,
        coalesce(sum(m.sign) FILTER (WHERE NOT EXISTS (SELECT 1 FROM fan_settings vs
          WHERE vs.user_id = m.fan_id AND (vs.visibility <> 'public' OR NOT vs.show_attendance))),
          0)::int AS shown
      FROM unnest(fans, marked, signs) AS m(fan_id, show_id, sign) GROUP BY m.show_id) d;
    PERFORM show_faces_refresh(changed, added);
    PERFORM show_faces_move_shown(changed, shown);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Settings written: every show their fans are going to gets its faces again, and its shown
-- going marks moved by each fan's shown after minus before (no row: shown, so a row inserted
-- counts its shown minus 1 and a row deleted 1 minus its shown).
CREATE FUNCTION show_faces_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      PERFORM show_faces_refresh(changed);
      PERFORM show_faces_move_shown(changed, shown);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER show_faces_inserted ON fan_settings;
--> statement-breakpoint
DROP TRIGGER show_faces_updated ON fan_settings;
--> statement-breakpoint
DROP TRIGGER show_faces_deleted ON fan_settings;
--> statement-breakpoint
CREATE TRIGGER show_faces_inserted AFTER INSERT ON fan_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_settings_changed();
--> statement-breakpoint
CREATE TRIGGER show_faces_updated AFTER UPDATE ON fan_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_settings_changed();
--> statement-breakpoint
CREATE TRIGGER show_faces_deleted AFTER DELETE ON fan_settings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION show_faces_settings_changed();
--> statement-breakpoint
-- A deleted account's marks go first, while its settings still say how they were counted: the
-- cascade would otherwise delete the settings row and the marks in one statement, and the marks'
-- trigger, firing after both, would read a Private fan's marks as shown (no row). First of all:
-- Postgres fires a table's BEFORE triggers in name order, and 0016's dashboard_rollups_fan_leaving
-- takes the fan's marks out of the audience rollups; run after it, this delete's own rollup
-- triggers (the profile still there) took them out a second time. Named to sort before it.
CREATE FUNCTION show_faces_account_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM show_attendance WHERE fan_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_marks_removed_first BEFORE DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION show_faces_account_deleted();
--> statement-breakpoint
-- Every show's shown going marks, counted once.
SELECT show_faces_recount_shown();
