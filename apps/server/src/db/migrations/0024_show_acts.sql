CREATE TABLE "show_acts" (
	"show_id" text NOT NULL,
	"position" integer NOT NULL,
	"performer_id" text,
	"name" text NOT NULL,
	"confirmation" text DEFAULT 'confirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "show_acts_show_id_position_pk" PRIMARY KEY("show_id","position"),
	CONSTRAINT "show_acts_position_check" CHECK ("show_acts"."position" >= 0),
	CONSTRAINT "show_acts_name_check" CHECK (char_length("show_acts"."name") between 1 and 100),
	CONSTRAINT "show_acts_confirmation_check" CHECK ("show_acts"."confirmation" in ('confirmed', 'pending', 'declined')),
	CONSTRAINT "show_acts_typed_confirmed_check" CHECK ("show_acts"."performer_id" is not null or "show_acts"."confirmation" = 'confirmed')
);
--> statement-breakpoint
ALTER TABLE "show_notices" DROP CONSTRAINT "show_notices_kind_check";--> statement-breakpoint
ALTER TABLE "show_notices" ADD COLUMN "act_performer_id" text;--> statement-breakpoint
ALTER TABLE "show_events" ADD COLUMN "act_performer_id" text;--> statement-breakpoint
ALTER TABLE "show_acts" ADD CONSTRAINT "show_acts_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_acts" ADD CONSTRAINT "show_acts_performer_id_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "show_acts_show_performer_idx" ON "show_acts" USING btree ("show_id","performer_id") WHERE "show_acts"."performer_id" is not null;--> statement-breakpoint
CREATE INDEX "show_acts_performer_idx" ON "show_acts" USING btree ("performer_id") WHERE "show_acts"."performer_id" is not null;--> statement-breakpoint
ALTER TABLE "show_notices" ADD CONSTRAINT "show_notices_act_performer_id_user_id_fk" FOREIGN KEY ("act_performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_events" ADD CONSTRAINT "show_events_act_performer_id_user_id_fk" FOREIGN KEY ("act_performer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The acts typed before the bill knew Encore artists stay on it as typed names, in their order.
INSERT INTO "show_acts" ("show_id", "position", "performer_id", "name", "confirmation")
SELECT s."id", a.ord - 1, NULL, left(btrim(a.name), 100), 'confirmed'
FROM "shows" s, unnest(s."supporting_acts") WITH ORDINALITY AS a(name, ord)
WHERE btrim(a.name) <> '';--> statement-breakpoint
ALTER TABLE "shows" DROP COLUMN "supporting_acts";--> statement-breakpoint
ALTER TABLE "show_notices" ADD CONSTRAINT "show_notices_kind_check" CHECK ("show_notices"."kind" in ('confirmation_requested', 'show_confirmed', 'show_declined', 'act_confirmation_requested', 'act_confirmed', 'act_declined'));