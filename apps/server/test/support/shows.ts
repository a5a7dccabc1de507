import type { GENRES, TRole, TShow, TShowInput } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { shows } from '../../src/db/schema/index.ts';
import { YEAR } from './dates.ts';
import { createUser } from './factories.ts';
import { saveProfile, send } from './profile-inputs.ts';
import type { TestApp } from './test-app.ts';

/** A user of the role with a saved profile (overrides go into the profile). */
export async function member(t: TestApp, role: TRole, profile?: Record<string, unknown>) {
  const created = await createUser(t.app, { role });
  const { INPUTS } = await import('./profile-inputs.ts');
  const saved = await saveProfile(t.app, role, created.cookie, INPUTS[role](profile));
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.statusCode} ${saved.body}`);
  return { id: created.user.id, cookie: created.cookie };
}

/**
 * A test file's cast of performers: `artist(key, name, genres)` makes one and notes its id in
 * `ids[key]`. `app` is read at each call (a file's app starts in beforeAll).
 */
export const performerCast =
  (app: () => TestApp, ids: Record<string, string>) =>
  async (key: string, artistName: string, genres: (typeof GENRES)[number][]) => {
    const created = await member(app(), 'performer', { artistName, genres });
    ids[key] = created.id;
    return created;
  };

export const FUTURE = `${YEAR}-06-14T20:00`;

/**
 * FUTURE moved `days` later, same hour. One performer's live shows may not repeat a venue and
 * start (409: one show, one alert), so a test that needs several gives each its own day.
 */
export function laterStart(days: number): string {
  const day = new Date(Date.UTC(YEAR, 5, 14 + days));
  return `${day.toISOString().slice(0, 10)}T20:00`;
}

export function showInput(overrides: Partial<TShowInput> = {}): TShowInput {
  return {
    performerId: '',
    venueId: null,
    externalVenue: null,
    startsAtLocal: FUTURE,
    ticketUrl: 'https://tickets.example.com/1',
    priceMin: 20,
    priceMax: 40,
    onSaleAtLocal: null,
    supportingActs: [{ name: 'Opener' }],
    genre: null,
    ...overrides,
  };
}

/**
 * A show by a new performer at a new venue, confirmed by the venue (a show naming another Encore
 * party waits for its word); returns everyone involved.
 */
export async function announced(t: TestApp, overrides: Partial<TShowInput> = {}) {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue');
  const show = await announceConfirmed(t, performer, venue, overrides);
  return { performer, venue, show };
}

type Party = { id: string; cookie: string };

/** The party a pending show names gives its word ('confirm' or 'decline'); answers the show. */
export async function answerAs(
  t: TestApp,
  cookie: string,
  showId: string,
  answer: 'confirm' | 'decline' = 'confirm',
) {
  // Yes to the two-shows-a-night question, as announceAs says yes to the same-day one.
  const body = answer === 'confirm' ? { confirmSameNight: true } : undefined;
  const response = await send(t.app, 'POST', `/api/shows/${showId}/${answer}`, cookie, body);
  if (response.statusCode !== 200) throw new Error(`${answer}: ${response.body}`);
  return response.json<{ show: TShow }>().show;
}

/**
 * A show at an Encore venue that one party announces and the other confirms (the venue, unless
 * `announcer` is the venue): the way such a show becomes public and alerts fans.
 */
export async function announceConfirmed(
  t: TestApp,
  performer: Party,
  venue: Party,
  overrides: Partial<TShowInput> = {},
  announcer: 'performer' | 'venue' = 'performer',
) {
  const [by, other] = announcer === 'performer' ? [performer, venue] : [venue, performer];
  const pending = await announceAs(t, by.cookie, {
    performerId: performer.id,
    venueId: venue.id,
    ...overrides,
  });
  return answerAs(t, other.cookie, pending.id);
}

/** Moves a show into the past (announcing one there is refused). */
export async function startShow(t: TestApp, id: string, hoursAgo = 2) {
  await t.database.orm
    .update(shows)
    .set({ startsAt: new Date(Date.now() - hoursAgo * 3_600_000) })
    .where(eq(shows.id, id));
}

/**
 * Announces through a given session (showInput defaults otherwise). Answers yes to the same-day
 * and same-night questions: fixtures place one performer in several cities, and one venue several
 * shows, on the default date; those questions are tested on their own (show-idempotency.test.ts,
 * show-night.test.ts, which asks through its own requests).
 */
export async function announceAs(t: TestApp, cookie: string, overrides: Partial<TShowInput>) {
  const input = showInput({ confirmSameDay: true, confirmSameNight: true, ...overrides });
  const response = await send(t.app, 'POST', '/api/shows', cookie, input);
  if (response.statusCode !== 201) throw new Error(`announce: ${response.body}`);
  return response.json<{ show: TShow }>().show;
}
