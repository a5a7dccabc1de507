CREATE TABLE "show_import_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"show_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "show_import_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "show_import_keys_key_check" CHECK (char_length("show_import_keys"."key") between 1 and 400)
);
--> statement-breakpoint
ALTER TABLE "show_import_keys" ADD CONSTRAINT "show_import_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_import_keys" ADD CONSTRAINT "show_import_keys_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "show_import_keys_show_idx" ON "show_import_keys" USING btree ("show_id");