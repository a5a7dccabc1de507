import { SHOW_MESSAGES as S } from '@encore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/auth/session-user.ts';
import { shows } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/http/app-error.ts';
import { createShowRepo } from '../../src/repositories/show.repo.ts';
import { createShowAnnounceRepo } from '../../src/repositories/show-announce.repo.ts';
import { createAnnounce } from '../../src/services/show-announce.service.ts';
import { createShowChanges } from '../../src/services/show-change.service.ts';
import { send } from '../support/profile-inputs.ts';
import { announced, member, showInput } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A show's local date-time is a real calendar date and time within the window, or a 400 under
 * its field on announce, edit and postpone; nothing is written either way. February 30 and month
 * 13 used to be rolled into other dates, and year 9999 reached Postgres as a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const IMPOSSIBLE = [
  ['February 30', '2027-02-30T20:00', S.dateNotReal],
  ['month 13', '2027-13-01T20:00', S.dateNotReal],
  ['24:00', '2027-03-01T24:00', S.dateNotReal],
  ['year 9999', '9999-12-31T23:59', S.dateTooFar],
  ['past the five-year window', '2040-06-01T20:00', S.dateTooFar],
  ['year 0001', '0001-01-01T00:00', S.dateTooOld],
] as const;

const countShows = async (performerId: string) => {
  const { rows } = await t.database.orm.execute<{ n: number }>(
    sql`select count(*)::int as n from shows where performer_id = ${performerId}`,
  );
  return rows[0]?.n;
};

/** The stored row and its events, to prove a refused change changed nothing. */
const snapshot = async (id: string) => ({
  row: (await t.database.orm.select().from(shows).where(eq(shows.id, id)))[0],
  events: await createShowRepo(t.database.orm).events(id),
});

describe.each(IMPOSSIBLE)('%s (%s)', (_name, local, message) => {
  it('announce: 400 under startsAtLocal or onSaleAtLocal, no show', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const at = { performerId: performer.id, venueId: venue.id };
    for (const field of ['startsAtLocal', 'onSaleAtLocal'] as const) {
      const body = showInput({ ...at, [field]: local });
      const response = await send(t.app, 'POST', '/api/shows', performer.cookie, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual({ [field]: message });
    }
    expect(await countShows(performer.id)).toBe(0);
  });

  it('edit: 400 under the field, the show and its events unchanged', async () => {
    const { show, performer } = await announced(t);
    const before = await snapshot(show.id);
    for (const field of ['startsAtLocal', 'onSaleAtLocal'] as const) {
      const url = `/api/shows/${show.id}`;
      const response = await send(t.app, 'PATCH', url, performer.cookie, { [field]: local });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual({ [field]: message });
    }
    expect(await snapshot(show.id)).toEqual(before);
  });

  it('postpone: 400 under startsAtLocal, the show still announced', async () => {
    const { show, venue } = await announced(t);
    const before = await snapshot(show.id);
    const url = `/api/shows/${show.id}/postpone`;
    const response = await send(t.app, 'POST', url, venue.cookie, { startsAtLocal: local });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({ startsAtLocal: message });
    expect(await snapshot(show.id)).toEqual(before);
  });
});

describe('behind the schema', () => {
  it('the services refuse an impossible date themselves, where it becomes an instant', async () => {
    const { show, performer, venue } = await announced(t);
    const repo = createShowRepo(t.database.orm);
    const user: SessionUser = {
      id: performer.id,
      email: 'performer@example.com',
      emailVerified: true,
      role: 'performer',
      username: 'performer',
      createdAt: new Date(),
    };
    const before = await snapshot(show.id);
    // Refused before anything is written, so no notice is ever mailed.
    const noMail = { mail: async () => {} };
    const changes = createShowChanges(repo, noMail);
    const at = showInput({ performerId: performer.id, venueId: venue.id });
    const input = { ...at, ticketUrl: at.ticketUrl ?? null, genre: null };
    const attempts = [
      () =>
        createAnnounce(
          repo,
          createShowAnnounceRepo(t.database.orm),
          noMail,
        )(user, {
          ...input,
          startsAtLocal: '2027-02-30T20:00',
        }),
      () => changes.update(user, show.id, { startsAtLocal: '9999-12-31T23:59' }),
      () => changes.postpone(user, show.id, { startsAtLocal: '2027-13-01T20:00' }),
    ];
    for (const attempt of attempts) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toHaveProperty('startsAtLocal');
    }
    expect(await snapshot(show.id)).toEqual(before);
    expect(await countShows(performer.id)).toBe(1);
  });
});
