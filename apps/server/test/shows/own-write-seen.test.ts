import type { TShowDetail } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHANGES_CONNECTION } from '../../src/http/public-change-listener.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A write's answer comes once this process has handled its change notices
 * (http/own-writes-seen.ts), so its writer's next read, served from the public cache, shows it.
 * Without that wait the read raced the notice: on a loaded host the show page answered
 * "announced" after a postponement (issue 32). Here the race is made certain: the backend of the
 * process' LISTEN connection is stopped (SIGSTOP), so no notice arrives until it is let go.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function page(url: string): Promise<TShowDetail> {
  const response = await send(t.app, 'GET', url, undefined);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TShowDetail>();
}

/** The Postgres backend of this app's public-changes LISTEN connection. */
async function listenerBackend(): Promise<number> {
  const { rows } = await t.database.orm.execute<{ pid: number }>(sql`
    select pid from pg_stat_activity
    where application_name = ${PUBLIC_CHANGES_CONNECTION} and datname = current_database()`);
  expect(rows).toHaveLength(1);
  return Number(rows[0]?.pid);
}

async function statusInDatabase(showId: string): Promise<string | undefined> {
  const { rows } = await t.database.orm.execute<{ status: string }>(
    sql`select status from shows where id = ${showId}`,
  );
  return rows[0]?.status;
}

describe('the writer’s next read', () => {
  it('finds a postponed show postponed: the write is answered after its notice is handled', async () => {
    const performer = await member(t, 'performer', { artistName: 'Postponed Later' });
    const venue = await member(t, 'venue', { zipCode: '60601' });
    const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(30) });
    const url = `/api/shows/${show.id}`;
    await page(url);
    expect((await page(url)).show.status).toBe('announced'); // kept, and read from memory

    const backend = await listenerBackend();
    process.kill(backend, 'SIGSTOP');
    let answered = false;
    let postponing: Promise<{ statusCode: number; body: string }> | undefined;
    try {
      postponing = send(t.app, 'POST', `${url}/postpone`, venue.cookie, {
        startsAtLocal: null,
      }).then((response) => {
        answered = true;
        return response;
      });
      // Committed, and its notice held in Postgres: a read that does not wait still gets the
      // page from before (a reader racing someone else's write), but the writer has no answer yet.
      await eventually(async () => (await statusInDatabase(show.id)) === 'postponed');
      expect((await page(url)).show.status).toBe('announced');
      expect(answered).toBe(false);
    } finally {
      process.kill(backend, 'SIGCONT');
    }
    const postponed = await postponing;
    expect(postponed?.statusCode, postponed?.body).toBe(200);
    const after = await page(url);
    expect([after.show.status, after.newDatePending]).toEqual(['postponed', true]);
  });
});
