import { SHOW_IMPORT_MESSAGES as M, SHOW_IMPORT_MAX_BYTES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarFetchError,
  createCalendarFetcher,
} from '../../src/adapters/calendar/calendar-fetcher.ts';
import { YEAR } from '../support/dates.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startCalendarServer } from './support/calendar-server.ts';
import { bookers, preview, showsOf } from './support/import.ts';

const ICS = [
  'BEGIN:VCALENDAR',
  'BEGIN:VEVENT',
  'UID:url-1@example.com',
  `DTSTART;TZID=America/Chicago:${YEAR}0301T200000`,
  'LOCATION:The Mohawk, 912 Red River St, Austin, TX 78701',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

let t: TestApp;
let server: Awaited<ReturnType<typeof startCalendarServer>>;
beforeAll(async () => {
  t = await createTestApp({ showImport: { allowPrivateAddresses: true } });
  server = await startCalendarServer({
    '/tour.ics': (_, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ICS),
    '/moved.ics': (_, res) => res.writeHead(302, { location: '/tour.ics' }).end(),
    '/page.html': (_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'),
    '/gone.ics': (_, res) => res.writeHead(410).end(),
    '/huge-declared.ics': (_, res) =>
      res.writeHead(200, { 'content-length': String(SHOW_IMPORT_MAX_BYTES + 1) }).end(),
    // No length said: the body is cut off once it passes the cap.
    '/huge-streamed.ics': (_, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\n');
      const chunk = `X-FILLER:${'x'.repeat(64 * 1024)}\r\n`;
      for (let i = 0; i < 20; i += 1) res.write(chunk);
      res.end('END:VCALENDAR\r\n');
    },
    // The scenario is a host that never answers: the fetch gives up at its deadline.
    '/silent.ics': () => {},
  });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const fromUrl = (url: string) => ({ kind: 'url', url }) as const;

describe('a calendar URL', () => {
  it('is fetched and previewed like a file, redirects followed; nothing written', async () => {
    const { performer } = await bookers(t);
    for (const path of ['/tour.ics', '/moved.ics']) {
      const response = await preview(t, performer.cookie, fromUrl(server.url(path)));
      expect(response.statusCode).toBe(200);
      expect(response.json().rows).toEqual([
        expect.objectContaining({ key: 'ics:url-1@example.com', state: 'new', match: 'typed' }),
      ]);
    }
    expect(await showsOf(t, performer.id)).toEqual([]);
  });

  it.each([
    ['/page.html', M.urlNotCalendar],
    ['/gone.ics', M.urlStatus(410)],
    ['/huge-declared.ics', M.urlTooBig],
    ['/huge-streamed.ics', M.urlTooBig],
  ])('%s is refused with its message under `source`', async (path, message) => {
    const { performer } = await bookers(t);
    const response = await preview(t, performer.cookie, fromUrl(server.url(path)));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ source: message });
  });

  it('a URL that is not http(s) is refused by the schema', async () => {
    const { performer } = await bookers(t);
    for (const url of ['ftp://example.com/x.ics', 'file:///etc/passwd', 'webcal://x']) {
      const response = await preview(t, performer.cookie, fromUrl(url));
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(M.urlInvalid);
    }
  });
});

describe('the calendar fetcher', () => {
  const fetcher = (allowPrivateAddresses: boolean, timeoutMs = 5_000) =>
    createCalendarFetcher({ timeoutMs, maxBytes: SHOW_IMPORT_MAX_BYTES, allowPrivateAddresses });
  const failure = async (run: Promise<unknown>) => {
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CalendarFetchError);
    return (error as CalendarFetchError).failure;
  };

  it('refuses loopback and private addresses unless a test setting allows them', async () => {
    expect(await failure(fetcher(false)(server.url('/tour.ics')))).toEqual({ reason: 'refused' });
    expect(await failure(fetcher(false)('http://10.0.0.1/x.ics'))).toEqual({ reason: 'refused' });
    expect(await fetcher(true)(server.url('/tour.ics'))).toBe(ICS);
  });

  it('gives up on a host that does not answer at its deadline', async () => {
    expect(await failure(fetcher(true, 300)(server.url('/silent.ics')))).toEqual({
      reason: 'timeout',
    });
  });

  it('reports a host that refuses the connection', async () => {
    const closed = await startCalendarServer({});
    const url = closed.url('/x.ics');
    await closed.close();
    expect(await failure(fetcher(true)(url))).toEqual({ reason: 'unreachable' });
  });
});
