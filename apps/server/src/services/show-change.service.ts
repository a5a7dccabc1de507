import {
  overCapacityProblem,
  resultsEnteredBy,
  SHOW_MESSAGES as S,
  type TOwnShow,
  type ZPostponeShow,
  type ZShowResults,
  type ZShowUpdate,
} from '@encore/contract';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import { actPerformerIds, planBill } from '../domain/show-acts.ts';
import { changeEvents } from '../domain/show-events.ts';
import {
  assertEditable,
  assertTimesAndPrices,
  instantAt,
  invalid,
  notFound,
} from '../domain/show-rules.ts';
import { assertNightFree, localNight } from '../domain/venue-night.ts';
import { AppError } from '../http/app-error.ts';
import type {
  NightReader,
  ShowChangePlan,
  ShowRepo,
  StoredShow,
} from '../repositories/show.repo.ts';
import type { ShowNoticeMailer } from './show-notice-mailer.service.ts';

type Update = z.output<typeof ZShowUpdate>;

/**
 * A show moved to another local night (an edit's new start, a postponement's new date) that its
 * venue already holds a show on is asked about (decision 041), under the night's lock, which the
 * `night` reader takes. A new hour on the same night asks nothing: the show holds that night.
 */
async function assertMoveAllowed(
  user: SessionUser,
  show: StoredShow,
  startsAt: Date,
  night: NightReader,
  answered: boolean | undefined,
): Promise<void> {
  const newNight = localNight(startsAt, show.timeZone);
  if (show.venueId === null || newNight === localNight(show.startsAt, show.timeZone)) return;
  assertNightFree(await night(show.venueId, newNight), {
    answered,
    askedIsVenue: user.id === show.venueId,
  });
}

/** Edits, cancellation, postponement and results; each records what fans must hear about. */
export function createShowChanges(repo: ShowRepo, mailer: ShowNoticeMailer) {
  /**
   * Fans hear only of confirmed shows: while the other party has not confirmed, a change writes
   * no events (the announcement written at confirmation carries the show as it is then).
   */
  async function apply(user: SessionUser, id: string, plan: ShowChangePlan) {
    const noticeIds = await repo.change(id, async (row, bill, night) => {
      const change = await plan(row, bill, night);
      return row?.confirmation === 'confirmed' ? change : { ...change, events: [] };
    });
    await mailer.mail(noticeIds);
    return (await repo.show(id, user.id)) as TOwnShow;
  }

  return {
    /**
     * An edit. A new bill keeps each Encore act's word as it was; an Encore artist new on it is
     * asked to confirm its slot (a notice), and its watchers hear of the show once it does. A
     * move to another night its venue already holds a show on needs `confirmSameNight`.
     */
    update: async (user: SessionUser, id: string, patch: Update) => {
      const { supportingActs, confirmSameNight, ...rest } = patch;
      const artists = await repo.artistNames(actPerformerIds(supportingActs ?? []));
      return apply(user, id, async (row, bill, night) => {
        const show = assertEditable(user, row);
        const { startsAtLocal, onSaleAtLocal, ...columns } = rest;
        const zone = show.timeZone;
        const next: StoredShow = {
          ...show,
          ...columns,
          startsAt: startsAtLocal ? instantAt('startsAtLocal', startsAtLocal, zone) : show.startsAt,
          onSaleAt:
            onSaleAtLocal === undefined
              ? show.onSaleAt
              : onSaleAtLocal === null
                ? null
                : instantAt('onSaleAtLocal', onSaleAtLocal, zone),
        };
        const startChanged = next.startsAt.getTime() !== show.startsAt.getTime();
        assertTimesAndPrices({ ...next, startChanged });
        await assertMoveAllowed(user, show, next.startsAt, night, confirmSameNight);
        const values = { ...columns, startsAt: next.startsAt, onSaleAt: next.onSaleAt };
        if (!supportingActs) return { values, events: changeEvents(show, next) };
        const planned = planBill(supportingActs, {
          headlinerId: show.performerId,
          artists,
          current: bill,
        });
        return {
          values,
          events: changeEvents(show, next, { old: bill, new: planned.acts }),
          notices: planned.asked.map((act) => ({
            userId: act,
            kind: 'act_confirmation_requested' as const,
            actPerformerId: act,
          })),
          acts: planned.acts,
        };
      });
    },

    cancel: (user: SessionUser, id: string) =>
      apply(user, id, (row) => {
        const show = assertEditable(user, row);
        return {
          values: { status: 'cancelled' },
          events: [{ kind: 'cancelled', payload: { startsAt: show.startsAt.toISOString() } }],
        };
      }),

    /**
     * Postponed, with a new date when one is known (the old one is kept until then). A new date on
     * a night the venue already holds a show on needs `confirmSameNight`, as an edit's does.
     */
    postpone: (user: SessionUser, id: string, input: z.output<typeof ZPostponeShow>) =>
      apply(user, id, async (row, _bill, night) => {
        const show = assertEditable(user, row);
        const local = input.startsAtLocal;
        const startsAt = local ? instantAt('startsAtLocal', local, show.timeZone) : show.startsAt;
        if (local && startsAt.getTime() <= Date.now()) {
          throw invalid('startsAtLocal', S.dateInFuture);
        }
        await assertMoveAllowed(user, show, startsAt, night, input.confirmSameNight);
        const payload = {
          oldStartsAt: show.startsAt.toISOString(),
          newStartsAt: local ? startsAt.toISOString() : null,
        };
        return {
          values: { status: 'postponed', startsAt },
          events: [{ kind: 'postponed', payload }],
        };
      }),

    /**
     * Attendance and takings, once the show has started: the Encore venue's to enter, or the
     * performer's when the venue is not on Encore. Merch not sent is merch not entered (null).
     */
    results: async (user: SessionUser, id: string, input: z.output<typeof ZShowResults>) => {
      const capacity = await repo.venueCapacityOfShow(id);
      return apply(user, id, (show) => {
        if (!show) throw notFound();
        const party = user.id === show.performerId || user.id === show.venueId;
        if (!party && show.confirmation !== 'confirmed') throw notFound();
        if (!party) throw new AppError('FORBIDDEN', S.notYourShow);
        const enterer = resultsEnteredBy(show) === 'venue' ? show.venueId : show.performerId;
        if (user.id !== enterer) throw new AppError('FORBIDDEN', S.resultsByVenue);
        if (show.confirmation !== 'confirmed') {
          throw new AppError('CONFLICT', S.resultsNeedConfirmation);
        }
        if (show.status === 'cancelled') throw new AppError('CONFLICT', S.cancelledShow);
        if (show.startsAt.getTime() > Date.now()) {
          throw new AppError('BAD_REQUEST', S.resultsBeforeShow);
        }
        const tooMany = overCapacityProblem(input, capacity);
        if (tooMany) throw invalid('attendance', tooMany);
        const { confirmOverCapacity: _seen, ...figures } = input;
        return { values: { ...figures, merchRevenue: input.merchRevenue ?? null }, events: [] };
      });
    },
  };
}
