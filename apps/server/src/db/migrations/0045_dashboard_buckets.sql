CREATE TABLE "performer_follower_cities" (
	"performer_id" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "performer_follower_cities_performer_id_city_state_pk" PRIMARY KEY("performer_id","city","state")
);
--> statement-breakpoint
CREATE TABLE "venue_audience_months" (
	"venue_id" text NOT NULL,
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "venue_audience_months_venue_id_month_dimension_value_pk" PRIMARY KEY("venue_id","month","dimension","value"),
	CONSTRAINT "venue_audience_months_dimension_check" CHECK ("venue_audience_months"."dimension" in ('age', 'gender', 'zip'))
);
--> statement-breakpoint
CREATE TABLE "venue_audience_years" (
	"venue_id" text NOT NULL,
	"year" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "venue_audience_years_venue_id_year_dimension_value_pk" PRIMARY KEY("venue_id","year","dimension","value"),
	CONSTRAINT "venue_audience_years_dimension_check" CHECK ("venue_audience_years"."dimension" in ('age', 'gender', 'zip'))
);
--> statement-breakpoint
ALTER TABLE "performer_follower_cities" ADD CONSTRAINT "performer_follower_cities_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_audience_months" ADD CONSTRAINT "venue_audience_months_venue_id_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_audience_years" ADD CONSTRAINT "venue_audience_years_venue_id_user_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performer_follower_cities_top_idx" ON "performer_follower_cities" USING btree ("performer_id","followers" DESC NULLS FIRST,"city","state");
--> statement-breakpoint
-- Issue 29 §3: the dashboards' two slowest statements read rollups of the rollups of 0016 now.
-- performer_follower_cities: performer_follower_zips summed per zip_places city and state, so
-- the performer's top three cities are the first three entries of an index, not 42k ZIP rows
-- summed per city per request. venue_audience_months: show_audience_counts summed per venue and
-- UTC month of the show's start over the shows the venue dashboard counts (confirmed, not
-- cancelled, at an Encore venue), and venue_audience_years the same per UTC year, so a period
-- sums its whole months of its first year here (~1,000 rows a month), its later years in
-- venue_audience_years, and only its first, partial month per show
-- (repositories/dashboards/venue-audience.repo.ts), not ~400 rows for every show. Each fan still counts once per show: the months are sums of the
-- per-show rows, which are.
--
-- Kept like 0016's, by statement-level triggers in the writing transaction, on what they are
-- made of: performer_follower_zips and zip_places (whose rows change only when db/zip-places.ts
-- replaces them after the migrations: then every follower of the changed ZIPs moves);
-- show_audience_counts (moved by marks and profile changes through 0016's triggers) and shows (a
-- show moved to another month or venue, cancelled or un-cancelled, confirmed: its counts move
-- with it). An updated row counts as its old values out and its new ones in. A deleted show's
-- counts are taken out by a BEFORE DELETE trigger while they are still there (as 0016 does for
-- a deleted fan); its rows' cascade then finds the show gone and skips them, as a deleted
-- venue's or performer's rows are skipped by the joins on "user" (their rollup rows go by
-- cascade).
--
-- Counts that change with a show in flight: a mark's counts lock their shows FOR SHARE before
-- reading their venue and month, so a concurrent move of the show waits for the mark's commit
-- and then moves its counts too, or the mark waits for the move's commit and reads the new
-- month.
CREATE FUNCTION performer_follower_cities_add(performers text[], cities text[], states text[], followers int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF performers IS NULL THEN RETURN; END IF;
  INSERT INTO performer_follower_cities AS c (performer_id, city, state, followers)
  SELECT z.performer_id, z.city, z.state, sum(z.followers)::int
  FROM unnest(performers, cities, states, followers) z(performer_id, city, state, followers)
  JOIN "user" u ON u.id = z.performer_id
  GROUP BY 1, 2, 3
  HAVING sum(z.followers) <> 0
  ON CONFLICT (performer_id, city, state) DO UPDATE SET followers = c.followers + excluded.followers;
END $$;
--> statement-breakpoint
CREATE FUNCTION performer_follower_cities_zips_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM performer_follower_cities_add(array_agg(z.performer_id), array_agg(p.city),
      array_agg(p.state), array_agg(z.followers))
    FROM new_rows z JOIN zip_places p ON p.zip_code = z.zip_code;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM performer_follower_cities_add(array_agg(z.performer_id), array_agg(p.city),
      array_agg(p.state), array_agg(-z.followers))
    FROM old_rows z JOIN zip_places p ON p.zip_code = z.zip_code;
  ELSE
    PERFORM performer_follower_cities_add(array_agg(z.performer_id), array_agg(p.city),
      array_agg(p.state), array_agg(z.followers))
    FROM (SELECT performer_id, zip_code, followers FROM new_rows
      UNION ALL SELECT performer_id, zip_code, -followers FROM old_rows) z
    JOIN zip_places p ON p.zip_code = z.zip_code;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER performer_follower_cities_added AFTER INSERT ON performer_follower_zips
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performer_follower_cities_zips_changed();
--> statement-breakpoint
CREATE TRIGGER performer_follower_cities_updated AFTER UPDATE ON performer_follower_zips
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performer_follower_cities_zips_changed();
--> statement-breakpoint
CREATE TRIGGER performer_follower_cities_removed AFTER DELETE ON performer_follower_zips
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performer_follower_cities_zips_changed();
--> statement-breakpoint
CREATE FUNCTION performer_follower_cities_places_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM performer_follower_cities_add(array_agg(z.performer_id), array_agg(p.city),
      array_agg(p.state), array_agg(z.followers))
    FROM new_rows p JOIN performer_follower_zips z ON z.zip_code = p.zip_code;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM performer_follower_cities_add(array_agg(z.performer_id), array_agg(p.city),
      array_agg(p.state), array_agg(-z.followers))
    FROM old_rows p JOIN performer_follower_zips z ON z.zip_code = p.zip_code;
  ELSE
    PERFORM performer_follower_cities_add(array_agg(z.performer_id), array_agg(p.city),
      array_agg(p.state), array_agg(p.sign * z.followers))
    FROM (SELECT zip_code, city, state, 1 AS sign FROM new_rows
      UNION ALL SELECT zip_code, city, state, -1 FROM old_rows) p
    JOIN performer_follower_zips z ON z.zip_code = p.zip_code;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER performer_follower_cities_places_added AFTER INSERT ON zip_places
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performer_follower_cities_places_changed();
--> statement-breakpoint
CREATE TRIGGER performer_follower_cities_places_updated AFTER UPDATE ON zip_places
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performer_follower_cities_places_changed();
--> statement-breakpoint
CREATE TRIGGER performer_follower_cities_places_removed AFTER DELETE ON zip_places
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performer_follower_cities_places_changed();
--> statement-breakpoint
CREATE FUNCTION venue_audience_months_add(venues text[], months date[], dimensions text[], vals text[], fans int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF venues IS NULL THEN RETURN; END IF;
  INSERT INTO venue_audience_months AS m (venue_id, month, dimension, value, fans)
  SELECT c.venue_id, c.month, c.dimension, c.value, sum(c.fans)::int
  FROM unnest(venues, months, dimensions, vals, fans) c(venue_id, month, dimension, value, fans)
  JOIN "user" u ON u.id = c.venue_id
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.fans) <> 0
  ON CONFLICT (venue_id, month, dimension, value) DO UPDATE SET fans = m.fans + excluded.fans;
  INSERT INTO venue_audience_years AS y (venue_id, year, dimension, value, fans)
  SELECT c.venue_id, date_trunc('year', c.month)::date, c.dimension, c.value, sum(c.fans)::int
  FROM unnest(venues, months, dimensions, vals, fans) c(venue_id, month, dimension, value, fans)
  JOIN "user" u ON u.id = c.venue_id
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.fans) <> 0
  ON CONFLICT (venue_id, year, dimension, value) DO UPDATE SET fans = y.fans + excluded.fans;
END $$;
--> statement-breakpoint
-- Per-show counts into their shows' months, for the shows that count (skipping a show deleted in
-- this statement: its BEFORE DELETE trigger took its counts out).
CREATE FUNCTION venue_audience_months_count(show_ids text[], dimensions text[], vals text[], fans int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF show_ids IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM shows WHERE id = ANY(show_ids) ORDER BY id FOR SHARE;
  PERFORM venue_audience_months_add(array_agg(s.venue_id),
    array_agg(date_trunc('month', s.starts_at AT TIME ZONE 'UTC')::date), array_agg(c.dimension),
    array_agg(c.value), array_agg(c.fans))
  FROM unnest(show_ids, dimensions, vals, fans) c(show_id, dimension, value, fans)
  JOIN shows s ON s.id = c.show_id
  WHERE s.venue_id IS NOT NULL AND s.status <> 'cancelled' AND s.confirmation = 'confirmed';
END $$;
--> statement-breakpoint
CREATE FUNCTION venue_audience_months_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM venue_audience_months_count(array_agg(show_id), array_agg(dimension),
      array_agg(value), array_agg(fans))
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM venue_audience_months_count(array_agg(show_id), array_agg(dimension),
      array_agg(value), array_agg(-fans))
    FROM old_rows;
  ELSE
    PERFORM venue_audience_months_count(array_agg(show_id), array_agg(dimension),
      array_agg(value), array_agg(fans))
    FROM (SELECT show_id, dimension, value, fans FROM new_rows
      UNION ALL SELECT show_id, dimension, value, -fans FROM old_rows) c;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER venue_audience_months_added AFTER INSERT ON show_audience_counts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION venue_audience_months_counts_changed();
--> statement-breakpoint
CREATE TRIGGER venue_audience_months_updated AFTER UPDATE ON show_audience_counts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION venue_audience_months_counts_changed();
--> statement-breakpoint
CREATE TRIGGER venue_audience_months_removed AFTER DELETE ON show_audience_counts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION venue_audience_months_counts_changed();
--> statement-breakpoint
-- A show whose month, venue, status or confirmation changed: its counts out of the month it
-- counted in (if it did), into the one it counts in now (if it does).
CREATE FUNCTION venue_audience_months_shows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM venue_audience_months_add(array_agg(b.venue_id), array_agg(b.month),
    array_agg(c.dimension), array_agg(c.value), array_agg(b.sign * c.fans))
  FROM (
    SELECT o.id,
      CASE WHEN o.status <> 'cancelled' AND o.confirmation = 'confirmed' THEN o.venue_id END
        AS old_venue,
      date_trunc('month', o.starts_at AT TIME ZONE 'UTC')::date AS old_month,
      CASE WHEN n.status <> 'cancelled' AND n.confirmation = 'confirmed' THEN n.venue_id END
        AS new_venue,
      date_trunc('month', n.starts_at AT TIME ZONE 'UTC')::date AS new_month
    FROM old_rows o JOIN new_rows n ON n.id = o.id) m
  CROSS JOIN LATERAL (VALUES (m.old_venue, m.old_month, -1), (m.new_venue, m.new_month, 1))
    b(venue_id, month, sign)
  JOIN show_audience_counts c ON c.show_id = m.id
  WHERE (m.old_venue, m.old_month) IS DISTINCT FROM (m.new_venue, m.new_month)
    AND b.venue_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER venue_audience_months_show_moved AFTER UPDATE ON shows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION venue_audience_months_shows_changed();
--> statement-breakpoint
CREATE FUNCTION venue_audience_months_show_leaving() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM venue_audience_months_add(array_agg(OLD.venue_id),
    array_agg(date_trunc('month', OLD.starts_at AT TIME ZONE 'UTC')::date), array_agg(c.dimension),
    array_agg(c.value), array_agg(-c.fans))
  FROM show_audience_counts c WHERE c.show_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER venue_audience_months_show_leaving BEFORE DELETE ON shows
  FOR EACH ROW WHEN (OLD.venue_id IS NOT NULL AND OLD.status <> 'cancelled'
    AND OLD.confirmation = 'confirmed')
  EXECUTE FUNCTION venue_audience_months_show_leaving();
--> statement-breakpoint
-- The page caches' change notices (migration 0039), by the performer's or venue's tag.
CREATE TRIGGER public_changed AFTER TRUNCATE ON performer_follower_cities
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON performer_follower_cities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON performer_follower_cities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON performer_follower_cities REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:performer_id');
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON venue_audience_months
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON venue_audience_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:venue_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON venue_audience_months REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:venue_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON venue_audience_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:venue_id');
--> statement-breakpoint
CREATE TRIGGER public_changed AFTER TRUNCATE ON venue_audience_years
  FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();
--> statement-breakpoint
CREATE TRIGGER rows_inserted AFTER INSERT ON venue_audience_years REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:venue_id');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON venue_audience_years REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:venue_id');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON venue_audience_years REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('user:venue_id');
--> statement-breakpoint
-- Backfill from the rollups already there.
INSERT INTO performer_follower_cities (performer_id, city, state, followers)
SELECT z.performer_id, p.city, p.state, sum(z.followers)::int
FROM performer_follower_zips z JOIN zip_places p ON p.zip_code = z.zip_code
GROUP BY 1, 2, 3 HAVING sum(z.followers) <> 0;
--> statement-breakpoint
INSERT INTO venue_audience_months (venue_id, month, dimension, value, fans)
SELECT s.venue_id, date_trunc('month', s.starts_at AT TIME ZONE 'UTC')::date, c.dimension, c.value,
  sum(c.fans)::int
FROM show_audience_counts c JOIN shows s ON s.id = c.show_id
WHERE s.venue_id IS NOT NULL AND s.status <> 'cancelled' AND s.confirmation = 'confirmed'
GROUP BY 1, 2, 3, 4 HAVING sum(c.fans) <> 0;
--> statement-breakpoint
INSERT INTO venue_audience_years (venue_id, year, dimension, value, fans)
SELECT venue_id, date_trunc('year', month)::date, dimension, value, sum(fans)::int
FROM venue_audience_months GROUP BY 1, 2, 3, 4 HAVING sum(fans) <> 0;
