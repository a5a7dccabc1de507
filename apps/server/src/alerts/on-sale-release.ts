import { changeEvents } from '../domain/show-events.ts';
import type { ShowRepo } from '../repositories/show.repo.ts';

/** Shows put on sale per sweep at most; the rest wait for the next one, seconds later. */
const RELEASE_BATCH = 100;
/**
 * A sale that began longer ago than this is no news: the show goes on sale without an alert (a
 * deployment upgraded to this release, workers stopped for days).
 */
export const STALE_SALE_MS = 24 * 60 * 60 * 1000;

/**
 * A show announced with an on-sale time goes on sale when that time passes, as if its performer
 * had changed its status then: the status becomes 'on_sale' and the same `on_sale` event an edit
 * writes alerts the fans who want ticket sales; one whose sale began more than
 * STALE_SALE_MS ago goes on sale without it. Run by the workers' sweep, in every
 * worker process at once: each show's change locks its row and re-checks it, so a show is put
 * on sale once. Returns how many shows it put on sale.
 */
export async function releaseDueOnSales(repo: ShowRepo, now = new Date()): Promise<number> {
  let released = 0;
  for (const id of await repo.dueOnSale(now, RELEASE_BATCH)) {
    let due = false;
    await repo.change(id, (row) => {
      due =
        row?.status === 'announced' &&
        row.confirmation === 'confirmed' &&
        row.onSaleAt !== null &&
        row.onSaleAt.getTime() <= now.getTime();
      if (!row?.onSaleAt || !due) return { values: {}, events: [] };
      const onSale = { ...row, status: 'on_sale' as const };
      const news = now.getTime() - row.onSaleAt.getTime() <= STALE_SALE_MS;
      return { values: { status: 'on_sale' }, events: news ? changeEvents(row, onSale) : [] };
    });
    if (due) released += 1;
  }
  return released;
}
