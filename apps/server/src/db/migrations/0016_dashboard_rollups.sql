CREATE TABLE "performer_follow_months" (
	"performer_id" text NOT NULL,
	"month" date NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	"unfollows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "performer_follow_months_performer_id_month_pk" PRIMARY KEY("performer_id","month")
);
--> statement-breakpoint
CREATE TABLE "performer_follower_zips" (
	"performer_id" text NOT NULL,
	"zip_code" text NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "performer_follower_zips_performer_id_zip_code_pk" PRIMARY KEY("performer_id","zip_code")
);
--> statement-breakpoint
CREATE TABLE "show_audience_counts" (
	"show_id" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "show_audience_counts_show_id_dimension_value_pk" PRIMARY KEY("show_id","dimension","value"),
	CONSTRAINT "show_audience_counts_dimension_check" CHECK ("show_audience_counts"."dimension" in ('age', 'gender', 'zip'))
);
--> statement-breakpoint
ALTER TABLE "performer_follow_months" ADD CONSTRAINT "performer_follow_months_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_follower_zips" ADD CONSTRAINT "performer_follower_zips_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_audience_counts" ADD CONSTRAINT "show_audience_counts_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The three rollups (src/db/schema/dashboard-rollups.ts) are kept by the triggers below, in the
-- transaction of the change, so every write path keeps them true: the API, the demo loader, bulk
-- INSERT ... SELECTs and account deletion (ON DELETE CASCADE). Statement-level triggers with
-- transition tables: a bulk load of a million follows costs one grouped upsert, not a million.
-- Each trigger hands its rows to one of three functions as arrays, so the SQL of a rollup is
-- written once for inserts, deletes and updates. Joins on "user" and shows skip a parent deleted
-- in the same statement (its rollup rows go by cascade; re-inserting them would break the key).
-- A deleted fan is the one case a child's trigger cannot handle: the cascade deletes the fan's
-- profile, follows and marks before any of their AFTER triggers runs, so none of them can still
-- see the ZIP, age and gender it would take out. A BEFORE DELETE trigger on "user" (at the end)
-- takes the fan out while everything is there, and the child triggers skip fans already gone.
-- The three functions are plpgsql, not sql, so their plans are cached per connection (an account
-- deletion cascades into many statements, each firing a trigger), and they return at once when a
-- statement touched no rows (array_agg of nothing is null).
CREATE FUNCTION dashboard_rollups_count_follows(fan_ids text[], performers text[], months date[], delta int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF fan_ids IS NULL THEN RETURN; END IF;
  INSERT INTO performer_follow_months AS m (performer_id, month, follows, unfollows)
  SELECT c.performer_id, c.month, greatest(delta, 0) * count(*)::int, greatest(-delta, 0) * count(*)::int
  FROM unnest(performers, months) c(performer_id, month)
  JOIN "user" u ON u.id = c.performer_id
  GROUP BY 1, 2
  ON CONFLICT (performer_id, month) DO UPDATE
    SET follows = m.follows + excluded.follows, unfollows = m.unfollows + excluded.unfollows;
  INSERT INTO performer_follower_zips AS z (performer_id, zip_code, followers)
  SELECT c.performer_id, f.zip_code, delta * count(*)::int
  FROM unnest(fan_ids, performers) c(fan_id, performer_id)
  JOIN fan_profiles f ON f.user_id = c.fan_id
  JOIN "user" u ON u.id = c.performer_id
  JOIN "user" fu ON fu.id = c.fan_id
  GROUP BY 1, 2
  ON CONFLICT (performer_id, zip_code) DO UPDATE SET followers = z.followers + excluded.followers;
END $$;
--> statement-breakpoint
-- Both attendance statuses (going, attended) count, so a status change moves nothing.
CREATE FUNCTION dashboard_rollups_count_attendance(fan_ids text[], show_ids text[], delta int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF fan_ids IS NULL THEN RETURN; END IF;
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
END $$;
--> statement-breakpoint
-- A fan profile's age range, gender or ZIP counted in every rollup the fan is in (their follows'
-- ZIPs, their shows' audiences): delta -1 takes old values out, +1 puts new ones in.
CREATE FUNCTION dashboard_rollups_count_fan(fan_ids text[], age_ranges text[], genders text[], zips text[], delta int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF fan_ids IS NULL THEN RETURN; END IF;
  INSERT INTO performer_follower_zips AS z (performer_id, zip_code, followers)
  SELECT a.performer_id, c.zip_code, delta * count(*)::int
  FROM unnest(fan_ids, zips) c(fan_id, zip_code)
  JOIN "user" fu ON fu.id = c.fan_id
  JOIN artist_alerts a ON a.fan_id = c.fan_id
  JOIN "user" u ON u.id = a.performer_id
  GROUP BY 1, 2
  ON CONFLICT (performer_id, zip_code) DO UPDATE SET followers = z.followers + excluded.followers;
  INSERT INTO show_audience_counts AS s (show_id, dimension, value, fans)
  SELECT a.show_id, d.dimension, d.value, delta * count(*)::int
  FROM unnest(fan_ids, age_ranges, genders, zips) c(fan_id, age_range, gender, zip_code)
  JOIN "user" fu ON fu.id = c.fan_id
  JOIN show_attendance a ON a.fan_id = c.fan_id
  JOIN shows sh ON sh.id = a.show_id
  CROSS JOIN LATERAL (VALUES ('age', c.age_range), ('gender', c.gender), ('zip', c.zip_code))
    d(dimension, value)
  GROUP BY 1, 2, 3
  ON CONFLICT (show_id, dimension, value) DO UPDATE SET fans = s.fans + excluded.fans;
END $$;
--> statement-breakpoint
-- A follow counts in the month of its created_at (the demo data back-dates some); an unfollow in
-- the month it happens.
CREATE FUNCTION dashboard_rollups_follows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_rollups_count_follows(array_agg(fan_id), array_agg(performer_id),
      array_agg(date_trunc('month', created_at AT TIME ZONE 'UTC')::date), 1)
    FROM new_rows;
  ELSE
    PERFORM dashboard_rollups_count_follows(array_agg(fan_id), array_agg(performer_id),
      array_agg(date_trunc('month', now() AT TIME ZONE 'UTC')::date), -1)
    FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_rollups_follows_added AFTER INSERT ON artist_alerts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_follows_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_rollups_follows_removed AFTER DELETE ON artist_alerts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_follows_changed();
--> statement-breakpoint
CREATE FUNCTION dashboard_rollups_attendance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_rollups_count_attendance(array_agg(fan_id), array_agg(show_id), 1)
    FROM new_rows;
  ELSE
    PERFORM dashboard_rollups_count_attendance(array_agg(fan_id), array_agg(show_id), -1)
    FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_rollups_attendance_added AFTER INSERT ON show_attendance
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_attendance_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_rollups_attendance_removed AFTER DELETE ON show_attendance
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_attendance_changed();
--> statement-breakpoint
-- An updated profile moves only fans whose counted fields changed (a new tag name moves nothing).
CREATE FUNCTION dashboard_rollups_fan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_rollups_count_fan(array_agg(user_id), array_agg(age_range),
      array_agg(gender), array_agg(zip_code), 1)
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_rollups_count_fan(array_agg(user_id), array_agg(age_range),
      array_agg(gender), array_agg(zip_code), -1)
    FROM old_rows;
  ELSE
    -- Old values out, new ones in (the counts add up, so the two calls' order does not matter).
    PERFORM dashboard_rollups_count_fan(array_agg(o.user_id), array_agg(o.age_range),
        array_agg(o.gender), array_agg(o.zip_code), -1),
      dashboard_rollups_count_fan(array_agg(n.user_id), array_agg(n.age_range),
        array_agg(n.gender), array_agg(n.zip_code), 1)
    FROM old_rows o JOIN new_rows n ON n.user_id = o.user_id
    WHERE (o.age_range, o.gender, o.zip_code) IS DISTINCT FROM (n.age_range, n.gender, n.zip_code);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_rollups_fan_added AFTER INSERT ON fan_profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_fan_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_rollups_fan_removed AFTER DELETE ON fan_profiles
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_fan_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_rollups_fan_updated AFTER UPDATE ON fan_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_fan_changed();
--> statement-breakpoint
CREATE FUNCTION dashboard_rollups_fan_leaving() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_rollups_count_fan(array[user_id], array[age_range], array[gender],
    array[zip_code], -1)
  FROM fan_profiles WHERE user_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_rollups_fan_leaving BEFORE DELETE ON "user"
  FOR EACH ROW WHEN (OLD.role = 'fan') EXECUTE FUNCTION dashboard_rollups_fan_leaving();
--> statement-breakpoint
-- Backfill from the rows already there (no unfollow history exists before this migration).
SELECT dashboard_rollups_count_follows(array_agg(fan_id), array_agg(performer_id),
  array_agg(date_trunc('month', created_at AT TIME ZONE 'UTC')::date), 1)
FROM artist_alerts;
--> statement-breakpoint
SELECT dashboard_rollups_count_attendance(array_agg(fan_id), array_agg(show_id), 1)
FROM show_attendance;
