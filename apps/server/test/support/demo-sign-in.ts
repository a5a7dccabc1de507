import { DEMO_PASSWORD } from '../../src/demo/demo-accounts.ts';
import { postJson, sessionCookie } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** A demo account (by user id) signed in through the API: its session cookie. */
export async function signInDemo(t: TestApp, userId: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ email: string }>(
    'select email from "user" where id = $1',
    [userId],
  );
  const response = await postJson(t.app, '/api/account/login', {
    email: rows[0]?.email,
    password: DEMO_PASSWORD,
  });
  return sessionCookie(response);
}
