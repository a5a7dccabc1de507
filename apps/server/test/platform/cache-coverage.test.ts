import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { encodeMatchedNotice } from '../../src/alerts/matched-notice.ts';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import {
  CACHED_PAGES,
  type CachedPageName,
  FAN_ALERTS_OWN_CARDS,
  NOTICE_COVERED_TABLES,
  REACH_READS,
  REFERENCE_TABLES,
} from '../../src/http/cached-pages.ts';
import { ALL_FANS } from '../../src/repositories/alerts/fan-range.repo.ts';
import { createFanPageTagsRepo } from '../../src/repositories/fan-page-tags.repo.ts';
import { createFanPagesRepo } from '../../src/repositories/fan-pages.repo.ts';
import { eventOf } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, laterStart } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  type CachedPageWorld,
  cachedPageWorld,
  type Visit,
  visitsOf,
} from './support/cached-page-visits.ts';
import {
  loaded,
  ownFunctions,
  PLUMBING,
  type Statement,
  statementRecorder,
  tablesNotifying,
  tablesOf,
} from './support/sql-reads.ts';

/**
 * The caches' promise, "no stale or foreign data" (decisions 026, 029), checked against what each
 * cached page really reads: every page of http/cached-pages.ts is loaded cold through its route
 * with the app's SQL recorded, and the tables in the statements' plans are compared with the
 * page's declared tables, the declared tables with the database's change triggers, the page's key
 * with its route's parameters, and the route's cache with the change notices.
 */
let t: TestApp;
let record: ReturnType<typeof statementRecorder>;
let world: CachedPageWorld;
let visits: Record<CachedPageName, Visit[]>;
const PAGES = Object.keys(CACHED_PAGES) as CachedPageName[];
const MIGRATION_HINT =
  'add a custom migration (`npx drizzle-kit generate --custom`, as 0033 and 0036 were) with ' +
  '`CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON <table> ' +
  'FOR EACH STATEMENT EXECUTE FUNCTION encore_public_changed();`';

beforeAll(async () => {
  t = await createTestApp();
  record = statementRecorder(t.database.pool);
  world = await cachedPageWorld(t);
  visits = visitsOf(world);
  // Each account's session is checked once here, so the visits read it from memory (decision
  // 029) and record only their page.
  for (const account of world.accounts) {
    const warm = await send(t.app, 'GET', '/api/account/security', account.cookie);
    expect(warm.statusCode, warm.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

/** One request, its status and the statements the app sent for it. */
async function visit(v: Visit): Promise<Statement[]> {
  const { result, statements } = await record(() =>
    send(t.app, 'GET', v.url, v.as?.cookie ?? undefined),
  );
  expect(result.statusCode, `${v.url}: ${result.body}`).toBe(200);
  return statements;
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.slice(0, 120) ?? '';

describe('every cached page', () => {
  // Filled by the first test: what each page's visits read, table -> statements.
  const reads = new Map<CachedPageName, Map<string, string[]>>();

  it('reads only the tables it declares (or reference tables), loaded cold', async () => {
    const problems: string[] = [];
    const functions = await ownFunctions(t.database.pool);
    for (const page of PAGES) {
      const statements: Statement[] = [];
      for (const v of visits[page]) {
        const recorded = await visit(v);
        if (!loaded(recorded)) problems.push(`${page}: ${v.url} was not loaded (a warm key?)`);
        statements.push(...recorded);
      }
      const tables = await tablesOf(t.database.pool, statements);
      reads.set(page, tables);
      const { route, tables: declared } = CACHED_PAGES[page];
      for (const [table, texts] of tables) {
        if ((declared as readonly string[]).includes(table)) continue;
        if (Object.hasOwn(REFERENCE_TABLES, table) || PLUMBING.has(table)) continue;
        problems.push(
          `${page} (${route}) reads ${table} ("${firstLine(texts[0] ?? '')}…"), which ` +
            `CACHED_PAGES.${page}.tables does not list: add it in apps/server/src/http/cached-pages.ts`,
        );
      }
      for (const { text } of statements) {
        const called = functions.filter((f) => new RegExp(`\\b${f}\\s*\\(`, 'i').test(text));
        for (const f of called) problems.push(`${page} calls ${f}(), whose reads no plan shows`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares no table it does not read, and follows by row only tables it declares', () => {
    const problems = PAGES.flatMap((page) => [
      ...CACHED_PAGES[page].tables
        .filter((table) => !reads.get(page)?.has(table))
        .map((table) => `${page} lists ${table}, which none of its visits read`),
      ...CACHED_PAGES[page].byRow
        .filter((table) => !(CACHED_PAGES[page].tables as readonly string[]).includes(table))
        .map((table) => `${page} follows ${table} by row but does not list it in its tables`),
    ]);
    expect(problems).toEqual([]);
  });

  it('declares only tables whose every change sends a notice the cache hears', async () => {
    const notifying = await tablesNotifying(t.database.pool, PG_CHANNELS.publicChanged);
    const problems: string[] = [];
    for (const page of PAGES) {
      const { cache, tables } = CACHED_PAGES[page];
      for (const table of tables) {
        if (notifying.has(table)) continue;
        if (cache === 'private' && Object.hasOwn(NOTICE_COVERED_TABLES, table)) continue;
        problems.push(
          `${table} (CACHED_PAGES.${page}.tables) has no statement trigger sending ` +
            `${PG_CHANNELS.publicChanged}: ${MIGRATION_HINT.replace('<table>', table)}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it("keys each page by every parameter of its route (and a user's by the user)", async () => {
    const doc = (await send(t.app, 'GET', '/api/openapi.json', undefined)).json<{
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    }>();
    for (const page of PAGES) {
      const [method = '', path = ''] = CACHED_PAGES[page].route.split(' ');
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const operation = (doc.paths[openApiPath] ?? doc.paths[`${openApiPath}/`])?.[
        method.toLowerCase()
      ];
      expect(operation, `${page}: no route ${CACHED_PAGES[page].route}`).toBeDefined();
      const parameters = (operation?.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => p.name);
      expect([...CACHED_PAGES[page].key].sort(), `${page}'s key`).toEqual(parameters.sort());
    }
  });

  it('is served from memory, and dropped by a notice naming any table it declares', async () => {
    const problems: string[] = [];
    for (const page of PAGES) {
      const { cache, tables } = CACHED_PAGES[page];
      const [first] = visits[page];
      if (!first) throw new Error(`${page} has no visit`);
      const loads = async (v = first) => loaded(await visit(v));
      // Time alone may turn a page over once (a dashboard at a quarter hour), not twice running.
      if ((await loads()) && (await loads())) {
        problems.push(`${page}: ${first.url} is read from the database on every request`);
        continue;
      }
      // Keyed by the user: another's first visit of the same URL is not served this one's page.
      if (
        cache === 'private' &&
        first.as &&
        !(await loads({ ...first, as: world.neighbour(first.as) }))
      ) {
        problems.push(`${page}: ${first.url} served one user's page to another`);
      }
      for (const table of tables) {
        for (const [channel, payload] of noticesFor(table, first)) {
          await t.database.pool.query('select pg_notify($1, $2)', [channel, payload]);
          // A private page's hit waits for every notice committed before it (the barrier); the
          // public cache hears its own a moment later: waited for as a condition, with the
          // project's usual bound (a loaded machine is slow, not wrong).
          const dropped =
            cache === 'private'
              ? await loads()
              : await eventually(() => loads()).catch(() => false);
          if (!dropped) problems.push(`${page} stays cached after ${channel} '${payload}'`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("Your Alerts' own cards, kept apart from the page (decision 060)", () => {
  it('read only the tables they declare, and follow by row only tables they declare', async () => {
    const repo = createFanPagesRepo(t.database.orm);
    const follows = createFanPageTagsRepo(t.database.orm);
    const statements: Statement[] = [];
    // What the service's loader reads for each of the page's visits: the cards, and the follows
    // of a page without any (read apart).
    for (const v of visits.fanAlerts) {
      const fanId = v.as?.id ?? '';
      const params = new URL(v.url, 'http://x').searchParams;
      const query = { cursor: params.get('cursor') ?? undefined, limit: 20 };
      const { statements: read } = await record(async () => {
        await repo.alertsFeedCards(fanId, query);
        await follows.follows(fanId);
      });
      expect(read.length, v.url).toBeGreaterThan(0);
      statements.push(...read);
    }
    const tables = await tablesOf(t.database.pool, statements);
    const own = FAN_ALERTS_OWN_CARDS;
    const undeclared = [...tables.keys()].filter(
      (table) =>
        !own.tables.includes(table) &&
        !Object.hasOwn(REFERENCE_TABLES, table) &&
        !PLUMBING.has(table),
    );
    expect(undeclared, 'read, not in FAN_ALERTS_OWN_CARDS.tables').toEqual([]);
    expect(
      own.tables.filter((table) => !tables.has(table)),
      'listed, never read',
    ).toEqual([]);
    expect(own.byRow.filter((table) => !own.tables.includes(table))).toEqual([]);
    // Heard as the page's tables are (their triggers checked above for the page).
    const pageTables: readonly string[] = CACHED_PAGES.fanAlerts.tables;
    expect(own.tables.filter((table) => !pageTables.includes(table))).toEqual([]);
    // The kept faces are the fragments': a change to them alone leaves the own cards.
    expect(tables.has('show_faces')).toBe(false);
  });
});

describe("the notification centre while a big audience's reach lasts (decision 064)", () => {
  it('reads only its tables and REACH_READS, and its page is dropped when the reach ends', async () => {
    const [centre] = visits.notifications;
    if (!centre?.as) throw new Error('no fan visit of the centre');
    // An announcement of the band the fan watches, matched as a big audience (tiny slices).
    const show = await announceConfirmed(t, world.band, world.venue, {
      genre: 'Jazz',
      startsAtLocal: laterStart(21),
    });
    const eventId = await eventOf(t, show.id, 'announced');
    const loads = async () => loaded(await visit(centre));
    let during: Statement[] = [];
    let keptDuring = false;
    await matchEvent(t.database.orm, eventId, {
      sliceFans: 1,
      afterReach: async () => {
        during = await visit(centre);
        keptDuring = !(await loads());
      },
    });
    expect(loaded(during)).toBe(true);
    // Kept while the reach lasts, dropped at its end (and the alert is there, written).
    expect(keptDuring).toBe(true);
    expect(await loads()).toBe(true);
    const tables = await tablesOf(t.database.pool, during);
    const declared: readonly string[] = CACHED_PAGES.notifications.tables;
    const undeclared = [...tables.keys()].filter(
      (table) =>
        !declared.includes(table) &&
        !Object.hasOwn(REACH_READS, table) &&
        !Object.hasOwn(REFERENCE_TABLES, table) &&
        !PLUMBING.has(table),
    );
    expect(undeclared, "read during a reach, in neither the page's tables nor REACH_READS").toEqual(
      [],
    );
    // The watchers' rule at least (the others need a request, a kept place or a follow-up).
    expect(tables.has('artist_alerts')).toBe(true);
  });
});

/** A notice's payload as its writers send it, for the page `v` visits. */
const PAYLOADS: Record<string, (v: Visit) => string> = {
  // Naming the visiting fan: a notice naming none is answered by a probe of who the event
  // alerted (test/platform/private-change-probe.test.ts), and event 0 alerted nobody.
  [PG_CHANNELS.matched]: (v) => encodeMatchedNotice('0', ALL_FANS, v.as ? [v.as.id] : []),
  [PG_CHANNELS.read]: (v) => v.as?.id ?? '',
  [PG_CHANNELS.digestReleased]: () => '',
};

/** The notices that say `table` changed: its trigger's, or those its writers send instead. */
function noticesFor(table: string, v: Visit): Array<[string, string]> {
  const covered = NOTICE_COVERED_TABLES[table];
  if (!covered) return [[PG_CHANNELS.publicChanged, table]];
  return covered.notices.map((channel) => {
    const payload = PAYLOADS[channel];
    if (!payload) throw new Error(`no payload for ${channel}: add one to PAYLOADS`);
    return [channel, payload(v)];
  });
}
