-- Extensions later features rely on: citext (case-insensitive text), pg_trgm (fuzzy search),
-- cube + earthdistance (radius matching of fans to venues). All four are "trusted" extensions,
-- so a database owner without superuser rights can create them on an external Postgres too.
CREATE EXTENSION IF NOT EXISTS citext;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
