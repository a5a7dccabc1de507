import type { ShowEvent, StoredShow } from '../repositories/show.repo.ts';
import type { BillAct } from './show-acts.ts';

/** An act's identity on a bill: its artist, or the name typed for an act not on Encore. */
const actKey = (a: BillAct) => a.performerId ?? `name:${a.name}`;

/**
 * The events one edit causes, for the alert engine; a no-op edit causes none. `bill`: the acts
 * before and after, when the edit sent them. An act added or removed is a line-up change for the
 * headliner's watchers and going fans; an Encore act's own watchers hear of the show only once it
 * confirms (show-act-confirmation.service.ts).
 */
export function changeEvents(
  old: StoredShow,
  next: StoredShow,
  bill?: { old: readonly BillAct[]; new: readonly BillAct[] },
): ShowEvent[] {
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
  if (bill && bill.old.map(actKey).join('\n') !== bill.new.map(actKey).join('\n')) {
    events.push({
      kind: 'lineup_change',
      payload: { old: bill.old.map((a) => a.name), new: bill.new.map((a) => a.name) },
    });
  }
  // A moved date keeps the kind 'postponed': the same fans hear of it, whatever their
  // categories (the product rule: a date or time change reaches whoever was told of the show), and
  // settings, the outbox's key and the category rules stay as they are. `edited` is what makes
  // its alert say what changed ('Time changed', 'Moved earlier', 'Date changed'; texts/
  // alert-text.ts) instead of 'Postponed', which only the postpone action says. Events without
  // it (the postpone action, and edits written before it existed) read "Postponed", as sent.
  if (old.startsAt.getTime() !== next.startsAt.getTime()) {
    events.push({
      kind: 'postponed',
      payload: {
        oldStartsAt: old.startsAt.toISOString(),
        newStartsAt: next.startsAt.toISOString(),
        edited: true,
      },
    });
  }
  return events;
}

// Only a lower price alerts fans; a price added where there was none is not a drop.
const dropped = (old: number | null, next: number | null) =>
  old !== null && next !== null && Number(next) < Number(old);
