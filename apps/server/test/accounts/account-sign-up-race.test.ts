import type { TApiError } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signUpInput, unique } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Uniqueness is the database's job (unique indexes on lower(username) and lower(email)): these
// sign-ups all pass the existence checks together, and all but one must lose at the INSERT.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countUsers(where: 'username' | 'email', value: string): Promise<number> {
  const { rows } = await t.database.pool.query(
    `select count(*)::int as n from "user" where lower(${where}) = lower($1)`,
    [value],
  );
  return rows[0].n;
}

describe('simultaneous sign-ups', () => {
  it('gives one username to exactly one of five concurrent sign-ups', async () => {
    const username = `Race_${unique()}`;
    const attempts = Array.from({ length: 5 }, (_, i) =>
      signUpInput({ username: i % 2 ? username.toLowerCase() : username }),
    );
    const responses = await Promise.all(
      attempts.map((input) => postJson(t.app, '/api/account/sign-up', input)),
    );

    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json<TApiError>().error.code).toBe('USERNAME_TAKEN');
    }
    expect(await countUsers('username', username)).toBe(1);
  });

  it('gives one email to exactly one of five concurrent sign-ups', async () => {
    const email = `race.${unique()}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        postJson(
          t.app,
          '/api/account/sign-up',
          signUpInput({ email: i ? email.toUpperCase() : email }),
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json<TApiError>().error.code).toBe('EMAIL_TAKEN');
    }
    expect(await countUsers('email', email)).toBe(1);
  });

  it('never leaves a user without its credential account', async () => {
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from "user" u
        where not exists (select 1 from account a where a.user_id = u.id and a.password is not null)`,
    );
    expect(rows[0].n).toBe(0);
  });
});
