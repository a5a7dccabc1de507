ALTER TABLE "fan_settings" ADD COLUMN "show_pals_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Issue 30 §6: Show Pals emails get their own switch (and one-click unsubscribe), apart from
-- `email`, which is now alert emails only. Until now a Show Pals mail went only with `email` on:
-- a fan who had switched email off (or unsubscribed from an alert mail) keeps getting none.
UPDATE "fan_settings" SET "show_pals_email" = "email" WHERE NOT "email";
