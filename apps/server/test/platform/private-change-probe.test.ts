import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { encodeMatchedNotice, encodeReachNotice } from '../../src/alerts/matched-notice.ts';
import { PG_CHANNELS } from '../../src/db/pg-channels.ts';
import type { PgListener } from '../../src/db/pg-listener.ts';
import { userTag } from '../../src/http/cached-pages.ts';
import { createPrivateCache } from '../../src/http/private-cache.ts';
import {
  listenForPrivateChanges,
  type MatchedAmong,
} from '../../src/http/private-change-listener.ts';
import { ALL_FANS } from '../../src/repositories/alerts/fan-range.repo.ts';

/**
 * A big fan-out's notice (no fans named) against a process' private cache, without HTTP: the
 * probe's answer drops its fans' in-app pages only; a failed probe drops them all, logged once.
 */
const IN_APP = { tables: ['alert_deliveries'], byRow: ['alert_deliveries'] };

function setUp(matchedAmong: MatchedAmong) {
  const handlers = new Map<string, (payload: string) => void>();
  const listener = {
    on: (channel: string, handler: (payload: string) => void) => handlers.set(channel, handler),
    onListening: (handler: () => void) => handler(),
    onLost: () => {},
    barrier: async () => true,
  } as unknown as PgListener;
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  const pages = createPrivateCache();
  listenForPrivateChanges(pages, listener, matchedAmong, log);
  const keep = (user: string) =>
    pages.cache.get(`${user}\nnotifications`, IN_APP, async () => ({
      value: user,
      json: JSON.stringify(user),
      tags: [userTag(user)],
    }));
  const kept = (user: string) => pages.cache.fresh(`${user}\nnotifications`) !== undefined;
  const bigFanOut = (eventId: string) =>
    handlers.get(PG_CHANNELS.matched)?.(encodeMatchedNotice(eventId, ALL_FANS));
  const reach = (eventId: string, stage: 'begun' | 'ended') =>
    handlers.get(PG_CHANNELS.matched)?.(encodeReachNotice(eventId, stage));
  return { keep, kept, bigFanOut, reach, lines };
}

describe("a big fan-out's notice", () => {
  it('drops the pages of the fans the probe finds alerted, and asks about the fans kept here', async () => {
    const asked: string[][] = [];
    const { keep, kept, bigFanOut } = setUp(async (eventId, fans) => {
      asked.push([eventId, ...fans]);
      return fans.filter((fan) => fan === 'fan-a');
    });
    await keep('fan-a');
    await keep('fan-b');
    bigFanOut('event-1');
    await expect.poll(() => kept('fan-a')).toBe(false);
    expect(kept('fan-b')).toBe(true);
    expect(asked).toEqual([['event-1', 'fan-a', 'fan-b']]);
  });

  it('drops every in-app page when the probe fails, and says so once', async () => {
    const { keep, kept, bigFanOut, lines } = setUp(async () => {
      throw new Error('connection refused');
    });
    await keep('fan-a');
    await keep('fan-b');
    bigFanOut('event-2');
    await expect.poll(() => kept('fan-b')).toBe(false);
    expect(kept('fan-a')).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('fan-out probe failed');
  });
});

describe("a big audience's reach (decision 064)", () => {
  it('drops every in-app page at its beginning and at its end, asking nobody', async () => {
    const asked: string[][] = [];
    const { keep, kept, reach } = setUp(async (eventId, fans) => {
      asked.push([eventId, ...fans]);
      return [];
    });
    for (const stage of ['begun', 'ended'] as const) {
      await keep('fan-a');
      await keep('fan-b');
      reach('event-3', stage);
      expect(kept('fan-a')).toBe(false);
      expect(kept('fan-b')).toBe(false);
    }
    expect(asked).toEqual([]);
  });
});
