CREATE TABLE "going_invites" (
	"show_id" text NOT NULL,
	"from_fan_id" text NOT NULL,
	"to_fan_id" text NOT NULL,
	"state" text DEFAULT 'invited' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "going_invites_show_id_to_fan_id_from_fan_id_pk" PRIMARY KEY("show_id","to_fan_id","from_fan_id"),
	CONSTRAINT "going_invites_state_check" CHECK ("going_invites"."state" in ('invited', 'going', 'declined')),
	CONSTRAINT "going_invites_self_check" CHECK ("going_invites"."from_fan_id" <> "going_invites"."to_fan_id")
);
--> statement-breakpoint
CREATE TABLE "social_notices" (
	"id" bigint PRIMARY KEY DEFAULT nextval('alert_deliveries_id_seq') NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"show_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "social_notices_kind_check" CHECK ("social_notices"."kind" in ('pal_request', 'pal_accepted', 'going_invite'))
);
--> statement-breakpoint
ALTER TABLE "fan_settings" ADD COLUMN "show_pals_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "going_invites" ADD CONSTRAINT "going_invites_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "going_invites" ADD CONSTRAINT "going_invites_from_fan_id_user_id_fk" FOREIGN KEY ("from_fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "going_invites" ADD CONSTRAINT "going_invites_to_fan_id_user_id_fk" FOREIGN KEY ("to_fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_notices" ADD CONSTRAINT "social_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_notices" ADD CONSTRAINT "social_notices_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_notices" ADD CONSTRAINT "social_notices_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "going_invites_to_state_idx" ON "going_invites" USING btree ("to_fan_id","state");--> statement-breakpoint
CREATE INDEX "going_invites_from_idx" ON "going_invites" USING btree ("from_fan_id");--> statement-breakpoint
CREATE INDEX "social_notices_user_idx" ON "social_notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "social_notices_actor_idx" ON "social_notices" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "social_notices_show_idx" ON "social_notices" USING btree ("show_id");