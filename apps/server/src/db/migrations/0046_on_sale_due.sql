-- Issue 30 §1: an announced on-sale time passing puts the show on sale and alerts its fans. The
-- workers' sweep asks every few seconds for confirmed shows still 'announced' whose on_sale_at
-- has passed (alerts/on-sale-release.ts); this keeps that look to the few shows waiting for
-- their sale, not a scan of every show.
CREATE INDEX "shows_on_sale_due_idx" ON "shows" USING btree ("on_sale_at") WHERE status = 'announced' and on_sale_at is not null;