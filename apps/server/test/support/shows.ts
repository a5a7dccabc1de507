import type { TRole, TShow, TShowInput } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { shows } from '../../src/db/schema/index.ts';
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

export const FUTURE = '2031-06-14T20:00';

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
    supportingActs: ['Opener'],
    genre: null,
    ...overrides,
  };
}

/** A show by a new performer at a new venue; returns everyone involved. */
export async function announced(t: TestApp, overrides: Partial<TShowInput> = {}) {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue');
  const response = await send(
    t.app,
    'POST',
    '/api/shows',
    performer.cookie,
    showInput({ performerId: performer.id, venueId: venue.id, ...overrides }),
  );
  if (response.statusCode !== 201) throw new Error(`announce: ${response.body}`);
  return { performer, venue, show: response.json<{ show: TShow }>().show };
}

/** Moves a show into the past (announcing one there is refused). */
export async function startShow(t: TestApp, id: string, hoursAgo = 2) {
  await t.database.orm
    .update(shows)
    .set({ startsAt: new Date(Date.now() - hoursAgo * 3_600_000) })
    .where(eq(shows.id, id));
}

/** Announces through a given session (showInput defaults otherwise). */
export async function announceAs(t: TestApp, cookie: string, overrides: Partial<TShowInput>) {
  const response = await send(t.app, 'POST', '/api/shows', cookie, showInput(overrides));
  if (response.statusCode !== 201) throw new Error(`announce: ${response.body}`);
  return response.json<{ show: TShow }>().show;
}
