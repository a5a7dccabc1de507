-- Issue 29 §3: the tour planner's demand (fans in reach of each candidate venue) read from fans
-- counted per home point instead of grouping every fan profile per plan. A plan reads the rows of
-- every fan ('') and of its artist's followers within its venues' reach, decodes `packed` and
-- pairs the points with the venues (repositories/tour-planner/, domain/tour-planner/fans-in-reach.ts).
--
-- The entries of a row: (radius, genre list, fans) sorted; `packed` is the same as 10-byte
-- records (int2 radius, int4 genre list id, int4 fans; send format, big-endian), computed by
-- Postgres from the arrays so the two cannot disagree.
CREATE FUNCTION fan_homes_pack(radii smallint[], genre_sets int[], fans int[]) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(int2send(u.r) || int4send(u.s) || int4send(u.n), ''::bytea ORDER BY u.o),
    ''::bytea)
  FROM unnest(radii, genre_sets, fans) WITH ORDINALITY u(r, s, n, o)
$$;
--> statement-breakpoint
CREATE TABLE "fan_genre_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fan_genre_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"genres" text[] NOT NULL,
	CONSTRAINT "fan_genre_sets_genres_unique" UNIQUE("genres")
);
--> statement-breakpoint
CREATE TABLE "fan_homes" (
	"followers_of" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radii" smallint[] NOT NULL,
	"genre_sets" integer[] NOT NULL,
	"fans" integer[] NOT NULL,
	"packed" "bytea" GENERATED ALWAYS AS (fan_homes_pack(radii, genre_sets, fans)) STORED NOT NULL,
	CONSTRAINT "fan_homes_followers_of_latitude_longitude_pk" PRIMARY KEY("followers_of","latitude","longitude")
);
--> statement-breakpoint
-- Kept by triggers, in the transaction of the change, like the dashboards' rollups (0016) and
-- for their reason: fan profiles are written by the profile form, the location step, finish
-- setup, the demo loader, bulk INSERT ... SELECTs (the benches) and account deletion's cascade;
-- a trigger keeps the counts true on every one of those paths, the repositories' writes would
-- each have to remember. Statement-level with transition tables: a million-fan load is one
-- grouped merge.
--
-- fan_homes_add merges signed counts into the rows: each (key, point)'s entries are summed with
-- the changes by (radius, genre list) in ON CONFLICT's SET, which sees the row as locked (so two
-- writers at one point queue, neither loses the other's counts); entries that reach 0 go, and a
-- row left without entries is deleted (only a negative change can empty one). plpgsql, not sql,
-- so its plans are cached per connection; it returns at once for a statement that changed nothing.
CREATE FUNCTION fan_homes_add(keys text[], lats float8[], lons float8[], radii int[], sets int[], deltas int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keys IS NULL THEN RETURN; END IF;
  INSERT INTO fan_homes AS h (followers_of, latitude, longitude, radii, genre_sets, fans)
  SELECT c.k, c.lat, c.lon, array_agg(c.r ORDER BY c.r, c.s), array_agg(c.s ORDER BY c.r, c.s),
    array_agg(c.n ORDER BY c.r, c.s)
  FROM (
    SELECT k, lat, lon, r::smallint AS r, s, sum(d)::int AS n
    FROM unnest(keys, lats, lons, radii, sets, deltas) u(k, lat, lon, r, s, d)
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d) <> 0
  ) c
  GROUP BY c.k, c.lat, c.lon
  ON CONFLICT (followers_of, latitude, longitude) DO UPDATE SET (radii, genre_sets, fans) = (
    SELECT coalesce(array_agg(m.r ORDER BY m.r, m.s), '{}'),
      coalesce(array_agg(m.s ORDER BY m.r, m.s), '{}'), coalesce(array_agg(m.n ORDER BY m.r, m.s), '{}')
    FROM (
      SELECT e.r, e.s, sum(e.n)::int AS n
      FROM (
        SELECT * FROM unnest(h.radii, h.genre_sets, h.fans)
        UNION ALL
        SELECT * FROM unnest(excluded.radii, excluded.genre_sets, excluded.fans)
      ) e(r, s, n)
      GROUP BY e.r, e.s
      HAVING sum(e.n) <> 0
    ) m);
  DELETE FROM fan_homes h
  USING (SELECT DISTINCT k, lat, lon FROM unnest(keys, lats, lons, deltas) u(k, lat, lon, d) WHERE d < 0) c
  WHERE h.followers_of = c.k AND h.latitude = c.lat AND h.longitude = c.lon
    AND cardinality(h.radii) = 0;
END $$;
--> statement-breakpoint
-- Fan profiles counted (delta +1) or taken out (-1): in every fan's row and in the rows of each
-- performer they follow. A fan whose account is being deleted is skipped for the follows (the
-- cascade has removed them by now): fan_homes_fan_leaving took those out before.
CREATE FUNCTION fan_homes_count_fans(user_ids text[], lats float8[], lons float8[], radii int[], sets int[], deltas int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF user_ids IS NULL THEN RETURN; END IF;
  PERFORM fan_homes_add(array_agg(x.k), array_agg(x.lat), array_agg(x.lon), array_agg(x.r),
    array_agg(x.s), array_agg(x.d))
  FROM (
    SELECT '' AS k, c.lat, c.lon, c.r, c.s, c.d
    FROM unnest(lats, lons, radii, sets, deltas) c(lat, lon, r, s, d)
    UNION ALL
    SELECT a.performer_id, c.lat, c.lon, c.r, c.s, c.d
    FROM unnest(user_ids, lats, lons, radii, sets, deltas) c(id, lat, lon, r, s, d)
    JOIN "user" fu ON fu.id = c.id
    JOIN artist_alerts a ON a.fan_id = c.id
  ) x;
END $$;
--> statement-breakpoint
-- An update moves only fans whose home, radius or genres changed (a new tag name moves nothing).
CREATE FUNCTION fan_homes_fans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fan_genre_sets (genres) SELECT DISTINCT favorite_genres FROM new_rows
      ON CONFLICT DO NOTHING;
    PERFORM fan_homes_count_fans(array_agg(n.user_id), array_agg(n.latitude),
      array_agg(n.longitude), array_agg(n.preferred_radius), array_agg(g.id), array_agg(1))
    FROM new_rows n JOIN fan_genre_sets g ON g.genres = n.favorite_genres;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fan_homes_count_fans(array_agg(o.user_id), array_agg(o.latitude),
      array_agg(o.longitude), array_agg(o.preferred_radius), array_agg(g.id), array_agg(-1))
    FROM old_rows o JOIN fan_genre_sets g ON g.genres = o.favorite_genres;
  ELSE
    INSERT INTO fan_genre_sets (genres) SELECT DISTINCT favorite_genres FROM new_rows
      ON CONFLICT DO NOTHING;
    PERFORM fan_homes_count_fans(array_agg(c.user_id), array_agg(c.latitude),
      array_agg(c.longitude), array_agg(c.preferred_radius), array_agg(g.id), array_agg(c.d))
    FROM old_rows o
    JOIN new_rows n ON n.user_id = o.user_id
      AND (o.latitude, o.longitude, o.preferred_radius, o.favorite_genres)
        IS DISTINCT FROM (n.latitude, n.longitude, n.preferred_radius, n.favorite_genres)
    CROSS JOIN LATERAL (VALUES
      (o.user_id, o.latitude, o.longitude, o.preferred_radius, o.favorite_genres, -1),
      (n.user_id, n.latitude, n.longitude, n.preferred_radius, n.favorite_genres, 1))
      c(user_id, latitude, longitude, preferred_radius, favorite_genres, d)
    JOIN fan_genre_sets g ON g.genres = c.favorite_genres;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fan_homes_fans_added AFTER INSERT ON fan_profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fan_homes_fans_changed();
--> statement-breakpoint
CREATE TRIGGER fan_homes_fans_removed AFTER DELETE ON fan_profiles
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fan_homes_fans_changed();
--> statement-breakpoint
CREATE TRIGGER fan_homes_fans_updated AFTER UPDATE ON fan_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fan_homes_fans_changed();
--> statement-breakpoint
-- Follows added (+1) or removed (-1) in their performer's rows, at the fan's home as the profile
-- says now. A follow without a fan profile counts nowhere (the profile's insert counts it later);
-- one of a fan whose account is being deleted was taken out by fan_homes_fan_leaving.
CREATE FUNCTION fan_homes_count_follows(fan_ids text[], performer_ids text[], deltas int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF fan_ids IS NULL THEN RETURN; END IF;
  PERFORM fan_homes_add(array_agg(c.performer_id), array_agg(f.latitude), array_agg(f.longitude),
    array_agg(f.preferred_radius), array_agg(g.id), array_agg(c.d))
  FROM unnest(fan_ids, performer_ids, deltas) c(fan_id, performer_id, d)
  JOIN "user" fu ON fu.id = c.fan_id
  JOIN fan_profiles f ON f.user_id = c.fan_id
  JOIN fan_genre_sets g ON g.genres = f.favorite_genres;
END $$;
--> statement-breakpoint
CREATE FUNCTION fan_homes_follows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fan_homes_count_follows(array_agg(fan_id), array_agg(performer_id), array_agg(1))
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fan_homes_count_follows(array_agg(fan_id), array_agg(performer_id), array_agg(-1))
    FROM old_rows;
  ELSE
    -- Old rows out, new ones in, in one call: a change of channels only cancels out there.
    PERFORM fan_homes_count_follows(array_agg(fan_id), array_agg(performer_id), array_agg(d))
    FROM (SELECT fan_id, performer_id, -1 AS d FROM old_rows
      UNION ALL SELECT fan_id, performer_id, 1 FROM new_rows) c;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fan_homes_follows_added AFTER INSERT ON artist_alerts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fan_homes_follows_changed();
--> statement-breakpoint
CREATE TRIGGER fan_homes_follows_removed AFTER DELETE ON artist_alerts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fan_homes_follows_changed();
--> statement-breakpoint
CREATE TRIGGER fan_homes_follows_updated AFTER UPDATE ON artist_alerts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fan_homes_follows_changed();
--> statement-breakpoint
-- A deleted account: the cascade removes the profile and the follows before any of their AFTER
-- triggers runs, so neither could still find the other (0016's case). This takes the fan's
-- follows out while both are there; the profile's own trigger takes them out of every fan's row.
CREATE FUNCTION fan_homes_fan_leaving() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fan_homes_count_follows(array_agg(fan_id), array_agg(performer_id), array_agg(-1))
  FROM artist_alerts WHERE fan_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER fan_homes_fan_leaving BEFORE DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION fan_homes_fan_leaving();
--> statement-breakpoint
-- Backfill from the profiles and follows already there.
INSERT INTO fan_genre_sets (genres) SELECT DISTINCT favorite_genres FROM fan_profiles;
--> statement-breakpoint
SELECT fan_homes_count_fans(array_agg(f.user_id), array_agg(f.latitude), array_agg(f.longitude),
  array_agg(f.preferred_radius), array_agg(g.id), array_agg(1))
FROM fan_profiles f JOIN fan_genre_sets g ON g.genres = f.favorite_genres;
