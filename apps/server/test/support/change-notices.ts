import pg from 'pg';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import { eventually } from './recording-sender.ts';
import type { TestApp } from './test-app.ts';

/**
 * The change notices (`encore_public_changed`) a test app's database sends, those `accept` keeps,
 * in the order heard. `caughtUp()` sends a mark and waits for it: notices arrive in commit order,
 * so once it is heard every write committed before it has been heard too (a test proves that a
 * write sent nothing without sleeping). Answers how many were heard by then.
 */
export async function listenToChangeNotices(t: TestApp, accept: (payload: string) => boolean) {
  const listener = new pg.Client({ connectionString: t.config.databaseUrl });
  await listener.connect();
  const heard: string[] = [];
  const marks = new Set<string>();
  listener.on('notification', ({ channel, payload }) => {
    if (channel !== PG_CHANNELS.publicChanged || !payload) return;
    if (payload.startsWith('test-mark|')) marks.add(payload);
    else if (accept(payload)) heard.push(payload);
  });
  await listener.query(`listen ${PG_CHANNELS.publicChanged}`);
  let sent = 0;
  return {
    heard,
    async caughtUp(): Promise<number> {
      const mark = `test-mark|${++sent}`;
      await t.database.pool.query('select pg_notify($1, $2)', [PG_CHANNELS.publicChanged, mark]);
      await eventually(() => marks.has(mark));
      return heard.length;
    },
    end: () => listener.end(),
  };
}
