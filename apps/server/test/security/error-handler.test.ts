import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { AppError } from '../../src/http/app-error.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The app at level info, its JSON log lines kept for the assertions. */
let t: TestApp;
let app: FastifyInstance;
const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];

/** Statements Postgres refuses with a data exception (SQLSTATE class 22). */
const DATA_EXCEPTIONS = {
  '22021 character_not_in_repertoire (NUL in text)': sql`select ${'a\u0000b'}::text`,
  '22P02 invalid_text_representation': sql`select ${'not-a-uuid'}::uuid`,
  '22008 datetime_field_overflow': sql`select ${'300000-01-01 00:00'}::timestamp`,
  '22003 numeric_value_out_of_range': sql`select ${2_147_483_647}::int + 1`,
  '22P05 untranslatable_character (\\u0000 in a jsonb key)': sql`select ${'{"a\\u0000":1}'}::jsonb`,
};

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ ...t.config, logLevel: 'info' }, t.database, {
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  // Routes that fail the ways the handler must tell apart, as the services would (outside /api,
  // whose routes must each declare an access rule).
  Object.entries(DATA_EXCEPTIONS).forEach(([, statement], i) => {
    app.get(`/test-only/data-exception/${i}`, async () => t.database.orm.execute(statement));
  });
  app.get('/test-only/failed-query', async () =>
    t.database.orm.execute(sql`select * from no_such_table where email = ${'leak@example.com'}`),
  );
  app.get('/test-only/unexpected', async () => {
    throw new Error('boom');
  });
  app.get('/test-only/unavailable', async () => {
    throw new AppError('UNAVAILABLE', 'We could not send the text message right now.');
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** What the app logged for one request (requests here run one at a time). */
async function logged(request: InjectOptions) {
  lines.length = 0;
  const response = await app.inject(request);
  const own = lines.filter((l) => l.msg !== 'incoming request' && l.msg !== 'request completed');
  return { response, own };
}

const INFO = 30;
const WARN = 40;
const ERROR = 50;

describe('Postgres data exceptions (class 22)', () => {
  it.each(Object.keys(DATA_EXCEPTIONS).map((name, i) => [name, i] as const))(
    '%s is a 400, logged as a warning with its SQLSTATE only',
    async (name, i) => {
      const { response, own } = await logged({
        method: 'GET',
        url: `/test-only/data-exception/${i}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message: 'The request contains a value that cannot be stored',
        },
      });
      expect(own).toEqual([expect.objectContaining({ level: WARN, sqlState: name.slice(0, 5) })]);
      // The statement's values (a user's input) stay out of the log.
      expect(JSON.stringify(own)).not.toContain('not-a-uuid');
    },
  );
});

describe('log levels', () => {
  it('logs "Spotify is not configured" (503, an expected refusal) at info, not error', async () => {
    const fan = await member(t, 'fan');
    const { response, own } = await logged({
      method: 'POST',
      url: '/api/spotify/authorize',
      headers: { cookie: fan.cookie },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe('Spotify is not configured on this server');
    expect(own).toEqual([
      expect.objectContaining({ level: INFO, msg: 'request rejected', code: 'UNAVAILABLE' }),
    ]);
  });

  it('logs any AppError at info whatever its status', async () => {
    const { response, own } = await logged({ method: 'GET', url: '/test-only/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(own.map((line) => line.level)).toEqual([INFO]);
  });

  it('logs what nobody expected at error, with the error, and answers a generic 500', async () => {
    const { response, own } = await logged({ method: 'GET', url: '/test-only/unexpected' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL');
    expect(own).toEqual([
      expect.objectContaining({ level: ERROR, msg: 'request failed', err: expect.anything() }),
    ]);
  });
});

describe('what an unexpected failure logs', () => {
  it('names the failed statement and its SQLSTATE, never its parameters', async () => {
    const { response, own } = await logged({ method: 'GET', url: '/test-only/failed-query' });
    expect(response.statusCode).toBe(500);
    expect(own).toHaveLength(1);
    const [line] = own;
    expect(line).toMatchObject({ level: ERROR, msg: 'request failed' });
    const text = JSON.stringify(line);
    expect(text).toContain('no_such_table');
    expect(text).toContain('42P01');
    // Drizzle puts the parameters in its message and a `params` property; neither reaches the log.
    expect(text).not.toContain('leak@example.com');
  });
});
