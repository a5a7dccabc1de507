import type { TArtistSearchResults } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { FLUSH_INTERVAL_MS } from '../../src/http/rate-limit-batched.ts';
import { cancel, moveShow, PLACES, performer, showIn, watch } from '../support/fan-pages.ts';
import { INPUTS, saveProfile, send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { withTwoProcesses } from '../support/second-process.ts';
import { member } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Discovery's search cached per fan and query (http/private-cache.ts): a repeat is answered from
 * memory, never with another fan's alerts, and each kind of change is seen on the very next
 * search, in this process and in another one on the same database (B, which had it cached).
 */
let t: TestApp;
let b: FastifyInstance;
withTwoProcesses((started) => ({ t, b } = started));

type Card = TArtistSearchResults['results'][number];

async function search(q: string, cookie: string, app = t.app): Promise<Card[]> {
  const url = `/api/discovery/artists?q=${encodeURIComponent(q)}`;
  const response = await send(app, 'GET', url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TArtistSearchResults>().results;
}
/** Searched twice: the second answer comes from the cache. */
async function cached(q: string, cookie: string, app = t.app) {
  await search(q, cookie, app);
  return search(q, cookie, app);
}
const card = (cards: Card[], id: string) => cards.find((c) => c.id === id);

/**
 * The statements the pool runs while `run` does (connections taken for a transaction too),
 * besides the search rate limit's periodic batch (http/rate-limit-batched.ts).
 */
async function statementsDuring(database: Database, run: () => Promise<unknown>) {
  const { pool } = database;
  const seen: string[] = [];
  const query = pool.query.bind(pool);
  const connect = pool.connect.bind(pool);
  // pool.query takes its connection through pool.connect, synchronously: counted as the query.
  let inQuery = false;
  pool.query = ((text: unknown, ...rest: unknown[]) => {
    const sql = typeof text === 'string' ? text : String((text as { text?: string }).text);
    if (!sql.includes('rate_limit_counter')) seen.push(sql);
    inQuery = true;
    try {
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    } finally {
      inQuery = false;
    }
  }) as typeof pool.query;
  pool.connect = ((...args: unknown[]) => {
    if (!inQuery) seen.push('connect');
    return (connect as (...a: unknown[]) => unknown)(...args);
  }) as typeof pool.connect;
  try {
    await run();
  } finally {
    pool.query = query;
    pool.connect = connect;
  }
  return seen;
}

describe('Discovery search from the cache', () => {
  it('answers a repeat, in any ASCII case, without a statement', async () => {
    const band = await performer(t, 'Memory Lane Band');
    const fan = await member(t, 'fan');
    expect((await search('memory lane', fan.cookie)).map((c) => c.id)).toEqual([band.id]);
    const statements = await statementsDuring(t.database, async () => {
      expect((await search('memory lane', fan.cookie)).map((c) => c.id)).toEqual([band.id]);
      expect((await search('Memory LANE', fan.cookie)).map((c) => c.id)).toEqual([band.id]);
    });
    expect(statements).toEqual([]);
  });

  it('counts its rate limit in memory: the shared counter is written in batches', async () => {
    const fan = await member(t, 'fan');
    const { pool } = t.database;
    const query = pool.query.bind(pool);
    let writes = 0;
    pool.query = ((text: unknown, ...rest: unknown[]) => {
      const sql = typeof text === 'string' ? text : String((text as { text?: string }).text);
      if (sql.includes('rate_limit_counter')) writes += 1;
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof pool.query;
    const searches = 30;
    const started = Date.now();
    try {
      for (let i = 0; i < searches; i += 1) await search(`batch ${i}`, fan.cookie);
    } finally {
      pool.query = query;
    }
    // The account's first search syncs; then only the batch that goes out once a second.
    const seconds = Math.ceil((Date.now() - started) / FLUSH_INTERVAL_MS);
    expect(writes).toBeLessThanOrEqual(1 + seconds);
    expect(writes).toBeLessThan(searches);
    // And every search is in the shared count once that batch has gone out.
    await eventually(async () => {
      const { rows } = await t.database.pool.query<{ hits: number }>(
        `select hits from rate_limit_counter where bucket = 'search' and client_key = $1`,
        [`account:${fan.id}`],
      );
      return rows[0]?.hits === searches;
    });
  });

  it("never answers with another fan's alerts", async () => {
    const band = await performer(t, 'Two Fans Band');
    const one = await member(t, 'fan');
    const two = await member(t, 'fan');
    await watch(t, one.cookie, band.id);
    for (let round = 0; round < 3; round += 1) {
      for (const app of [t.app, b]) {
        expect(card(await search('two fans', one.cookie, app), band.id)?.alertChannels).toEqual([
          'email',
        ]);
        expect(card(await search('two fans', two.cookie, app), band.id)?.alertChannels).toBeNull();
      }
    }
  });

  it("shows the fan's new alert, a rename and new genres on the next search in another process", async () => {
    const band = await performer(t, 'Renamed Soon');
    const fan = await member(t, 'fan');
    expect(card(await cached('renamed', fan.cookie, b), band.id)?.alertChannels).toBeNull();
    await watch(t, fan.cookie, band.id);
    expect(card(await search('renamed', fan.cookie, b), band.id)?.alertChannels).toEqual(['email']);

    const saved = await saveProfile(
      t.app,
      'performer',
      band.cookie,
      INPUTS.performer({ artistName: 'Renamed Later', genres: ['Country'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = card(await search('renamed', fan.cookie, b), band.id);
    expect(after?.name).toBe('Renamed Later');
    expect(after?.genres).toEqual(['Country']);
  });

  it('shows a new show and a cancellation ("on tour") on the next search in another process', async () => {
    const band = await performer(t, 'Touring Soon');
    const fan = await member(t, 'fan');
    expect(card(await cached('touring soon', fan.cookie, b), band.id)?.onTour).toBe(false);
    const show = await showIn(t, band, PLACES.brooklyn);
    expect(card(await search('touring soon', fan.cookie, b), band.id)?.onTour).toBe(true);
    expect(card(await search('touring soon', fan.cookie, b), band.id)?.onTour).toBe(true);
    await cancel(t, band.cookie, show.id);
    expect(card(await search('touring soon', fan.cookie, b), band.id)?.onTour).toBe(false);
  });

  it('is off tour once its last show starts, without any write', async () => {
    const band = await performer(t, 'Last Night Band');
    const fan = await member(t, 'fan');
    const show = await showIn(t, band, PLACES.brooklyn);
    await moveShow(t, show.id, new Date(Date.now() + 1_500));
    expect(card(await cached('last night', fan.cookie), band.id)?.onTour).toBe(true);
    await eventually(
      async () => card(await search('last night', fan.cookie), band.id)?.onTour === false,
    );
  });

  it('answers bad input as before, 400 with the field, however often asked', async () => {
    const fan = await member(t, 'fan');
    for (let round = 0; round < 2; round += 1) {
      const response = await send(
        t.app,
        'GET',
        `/api/discovery/artists?q=${'x'.repeat(101)}`,
        fan.cookie,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { q: expect.any(String) },
      });
    }
  });
});
