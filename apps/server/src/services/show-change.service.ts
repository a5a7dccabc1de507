import {
  SHOW_MESSAGES as S,
  type TShow,
  type ZPostponeShow,
  type ZShowResults,
  type ZShowUpdate,
} from '@encore/contract';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { ShowEvent, ShowRepo, ShowValues, StoredShow } from '../repositories/show.repo.ts';
import { localToUtc } from './local-time.ts';
import { assertEditable, assertTimesAndPrices, invalid, notFound } from './show-rules.ts';

type Update = z.output<typeof ZShowUpdate>;

/** Edits, cancellation, postponement and results; each records what fans must hear about. */
export function createShowChanges(repo: ShowRepo) {
  const reload = async (id: string) => (await repo.show(id)) as TShow;

  return {
    async update(user: SessionUser, id: string, patch: Update): Promise<TShow> {
      const show = assertEditable(user, await repo.row(id));
      const { startsAtLocal, onSaleAtLocal, ...columns } = patch;
      const zone = show.timeZone;
      const values: Partial<ShowValues> = {
        ...columns,
        startsAt: startsAtLocal ? localToUtc(startsAtLocal, zone) : show.startsAt,
        onSaleAt:
          onSaleAtLocal === undefined
            ? show.onSaleAt
            : onSaleAtLocal === null
              ? null
              : localToUtc(onSaleAtLocal, zone),
      };
      const next = { ...show, ...values } as StoredShow;
      const startChanged = next.startsAt.getTime() !== show.startsAt.getTime();
      assertTimesAndPrices({ ...next, startChanged });
      await repo.update(id, values, changeEvents(show, next));
      return reload(id);
    },

    async cancel(user: SessionUser, id: string): Promise<TShow> {
      const show = assertEditable(user, await repo.row(id));
      await repo.update(id, { status: 'cancelled' }, [
        { kind: 'cancelled', payload: { startsAt: show.startsAt.toISOString() } },
      ]);
      return reload(id);
    },

    /** Postponed, with a new date when one is known (the old one is kept until then). */
    async postpone(user: SessionUser, id: string, input: z.output<typeof ZPostponeShow>) {
      const show = assertEditable(user, await repo.row(id));
      const startsAt = input.startsAtLocal
        ? localToUtc(input.startsAtLocal, show.timeZone)
        : show.startsAt;
      if (input.startsAtLocal && startsAt.getTime() <= Date.now()) {
        throw invalid('startsAtLocal', S.dateInFuture);
      }
      await repo.update(id, { status: 'postponed', startsAt }, [
        {
          kind: 'postponed',
          payload: {
            oldStartsAt: show.startsAt.toISOString(),
            newStartsAt: input.startsAtLocal ? startsAt.toISOString() : null,
          },
        },
      ]);
      return reload(id);
    },

    /** Attendance and takings: the Encore venue's to enter, once the show has started. */
    async results(user: SessionUser, id: string, input: z.output<typeof ZShowResults>) {
      const show = await repo.row(id);
      if (!show) throw notFound();
      if (show.venueId !== user.id) throw new AppError('FORBIDDEN', S.notYourShow);
      if (show.status === 'cancelled') throw new AppError('CONFLICT', S.cancelledShow);
      if (show.startsAt.getTime() > Date.now()) {
        throw new AppError('BAD_REQUEST', S.resultsBeforeShow);
      }
      await repo.update(id, input, []);
      return reload(id);
    },
  };
}

/** The events one edit causes; a no-op edit causes none. */
function changeEvents(old: StoredShow, next: StoredShow): ShowEvent[] {
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

const dropped = (old: number | null, next: number | null) =>
  old !== null && next !== null && Number(next) < Number(old);
