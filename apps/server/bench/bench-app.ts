import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';

/** The machine, for a bench's heading (kept here too for the benches that import it from here). */
export { machine } from './host-speed.ts';

/** The app as the server builds it, on the bench's Postgres, silent; `env` adds settings. */
export function benchApp(
  database: Database,
  connectionString: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
) {
  return buildApp(
    loadConfig(env, {
      databaseUrl: connectionString,
      dataDir,
      publicUrl: 'http://127.0.0.1',
      authSecret: 'bench-secret-bench-secret-bench-secret-0',
      logLevel: 'silent',
      webDistDir: '/nonexistent/web-dist',
    }),
    database,
  );
}

/**
 * Starts the app on a free local port; answers its base URL and a sign-in through the login
 * route that answers the session cookie, as a browser would send it.
 */
export async function serve(app: Awaited<ReturnType<typeof benchApp>>, password: string) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = async (email: string) => {
    const response = await fetch(`${base}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('encore.session_token='));
    if (!response.ok || !cookie) throw new Error(`login as ${email}: ${response.status}`);
    return cookie.split(';')[0] as string;
  };
  return { base, login };
}

/** What `injectSignIn` needs of an app: Fastify's `inject` (the bench's own tree or another's). */
export type Injecting = {
  inject: (o: object) => Promise<{ statusCode: number; headers: Record<string, unknown> }>;
};

/**
 * Signs in through the login route by `app.inject` (no socket); answers the session cookie as a
 * browser sends it.
 */
export async function injectSignIn(app: Injecting, email: string, password: string) {
  const r = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
    payload: JSON.stringify({ email, password }),
  });
  const set = ([] as string[]).concat((r.headers['set-cookie'] as string | string[]) ?? []);
  const cookie = set.find((c) => c.startsWith('encore.session_token='));
  if (!cookie) throw new Error(`login as a demo fan: ${r.statusCode}`);
  return cookie.split(';')[0] as string;
}
