CREATE TABLE "ticket_clicks" (
	"show_id" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_clicks_show_id_day_pk" PRIMARY KEY("show_id","day"),
	CONSTRAINT "ticket_clicks_clicks_check" CHECK ("ticket_clicks"."clicks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "merch_revenue" numeric;--> statement-breakpoint
ALTER TABLE "ticket_clicks" ADD CONSTRAINT "ticket_clicks_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_merch_revenue_check" CHECK ("shows"."merch_revenue" >= 0);