-- Filled with every US ZIP's city and state from the zipcodes package by src/db/zip-places.ts,
-- which runs after the migrations (its rows follow the package version, not a migration).
CREATE TABLE "zip_places" (
	"zip_code" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL
);
