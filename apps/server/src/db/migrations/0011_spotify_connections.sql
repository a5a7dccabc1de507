CREATE TABLE "spotify_authorizations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spotify_connections" (
	"user_id" text PRIMARY KEY NOT NULL,
	"spotify_user_id" text NOT NULL,
	"display_name" text,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "spotify_connections_access_token_check" CHECK ("spotify_connections"."access_token" ~ '^v1\.'),
	CONSTRAINT "spotify_connections_refresh_token_check" CHECK ("spotify_connections"."refresh_token" ~ '^v1\.')
);
--> statement-breakpoint
ALTER TABLE "spotify_authorizations" ADD CONSTRAINT "spotify_authorizations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_connections" ADD CONSTRAINT "spotify_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;