-- Issue 29: an announcement no longer drops every fan's Your Alerts. Besides `shows:listing`, a
-- show added, removed or edited beyond its results now names who may list it by its columns:
-- `shows:listing:performer_id:<id>` and `shows:listing:genre:<genre>` (the old and the new
-- value of an edit, commas in a value written %2C). Your Alerts (its shows are a watched
-- performer's, or of a favourite genre nearby) carries those of its fan's follows instead of
-- `shows:listing` (http/cached-pages.ts' `listingTag`).
--
-- One more argument kind of encore_rows_changed (migration 0039):
--   listed:<column>  'shows:listing:<column>:' || the column, for each row the `listing`
--                    argument before it counts (not for an UPDATE of the results only)
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
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at', 'listed:performer_id', 'listed:genre');
--> statement-breakpoint
CREATE TRIGGER rows_updated AFTER UPDATE ON shows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at', 'listed:performer_id', 'listed:genre');
--> statement-breakpoint
CREATE TRIGGER rows_deleted AFTER DELETE ON shows REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION encore_rows_changed('show:id', 'user:performer_id', 'user:venue_id', 'parties:id', 'listing:attendance,gross_revenue,merch_revenue,updated_at', 'listed:performer_id', 'listed:genre');
