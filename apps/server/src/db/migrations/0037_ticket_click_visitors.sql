CREATE TABLE "ticket_click_visitors" (
	"show_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "ticket_click_visitors_show_id_day_visitor_key_pk" PRIMARY KEY("show_id","day","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "ticket_click_visitors" ADD CONSTRAINT "ticket_click_visitors_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_click_visitors_day_idx" ON "ticket_click_visitors" USING btree ("day");