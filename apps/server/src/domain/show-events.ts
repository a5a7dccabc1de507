import type { ShowEvent, StoredShow } from '../repositories/show.repo.ts';

/** The events one edit causes, for the alert engine; a no-op edit causes none. */
export function changeEvents(old: StoredShow, next: StoredShow): ShowEvent[] {
  const events: ShowEvent[] = [];
  if (next.status === 'on_sale' && old.status !== 'on_sale') {
    events.push({ kind: 'on_sale', payload: { ticketUrl: next.ticketUrl } });
  }
  if (dropped(old.priceMin, next.priceMin) || dropped(old.priceMax, next.priceMax)) {
    events.push({
      kind: 'price_drop',
      payload: {
        old: { priceMin: old.priceMin, priceMax: old.priceMax },
        new: { priceMin: next.priceMin, priceMax: next.priceMax },
      },
    });
  }
  if (old.supportingActs.join('\n') !== next.supportingActs.join('\n')) {
    events.push({
      kind: 'lineup_change',
      payload: { old: old.supportingActs, new: next.supportingActs },
    });
  }
  // A moved date is what fans know as "postponed", whichever way it moves.
  if (old.startsAt.getTime() !== next.startsAt.getTime()) {
    events.push({
      kind: 'postponed',
      payload: {
        oldStartsAt: old.startsAt.toISOString(),
        newStartsAt: next.startsAt.toISOString(),
      },
    });
  }
  return events;
}

// Only a lower price alerts fans; a price added where there was none is not a drop.
const dropped = (old: number | null, next: number | null) =>
  old !== null && next !== null && Number(next) < Number(old);
