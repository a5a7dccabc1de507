CREATE TABLE "fan_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "fan_blocks_self_check" CHECK ("fan_blocks"."blocker_id" <> "fan_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "pal_links" (
	"fan_a" text NOT NULL,
	"fan_b" text NOT NULL,
	"requested_by" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pal_links_fan_a_fan_b_pk" PRIMARY KEY("fan_a","fan_b"),
	CONSTRAINT "pal_links_order_check" CHECK ("pal_links"."fan_a" < "pal_links"."fan_b"),
	CONSTRAINT "pal_links_requester_check" CHECK ("pal_links"."requested_by" in ("pal_links"."fan_a", "pal_links"."fan_b")),
	CONSTRAINT "pal_links_state_check" CHECK ("pal_links"."state" in ('requested', 'pals', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "pal_request_days" (
	"fan_id" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pal_request_days_fan_id_day_pk" PRIMARY KEY("fan_id","day")
);
--> statement-breakpoint
ALTER TABLE "fan_blocks" ADD CONSTRAINT "fan_blocks_blocker_id_user_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_blocks" ADD CONSTRAINT "fan_blocks_blocked_id_user_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pal_links" ADD CONSTRAINT "pal_links_fan_a_user_id_fk" FOREIGN KEY ("fan_a") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pal_links" ADD CONSTRAINT "pal_links_fan_b_user_id_fk" FOREIGN KEY ("fan_b") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pal_request_days" ADD CONSTRAINT "pal_request_days_fan_id_user_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_blocks_blocked_idx" ON "fan_blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "pal_links_fan_b_idx" ON "pal_links" USING btree ("fan_b","fan_a");