DROP INDEX "show_attendance_show_idx";--> statement-breakpoint
CREATE INDEX "show_attendance_show_status_idx" ON "show_attendance" USING btree ("show_id","status","updated_at");