import { SHOW_IMPORT_MESSAGES as M, SHOW_MESSAGES as S } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { announceAs, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  bookers,
  CSV_HEADER,
  csvFile,
  preview,
  previewed,
  showsOf,
  unique,
} from './support/import.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/shows/import/preview', () => {
  it('matches each row, lists errors with their reason, recognises duplicates, and writes nothing', async () => {
    const { performer, venue } = await bookers(t);
    // Already on Encore, announced from the form: the import's row for it is a duplicate.
    const existing = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      externalVenue: {
        name: 'Bowery Ballroom',
        streetAddress: '6 Delancey St',
        city: 'New York',
        state: 'NY',
        zipCode: '10002',
      },
      startsAtLocal: `${YEAR}-05-02T20:00`,
    });
    const before = await showsOf(t, performer.id);
    const source = csvFile(
      CSV_HEADER,
      `${YEAR}-05-01,9:00 PM,${venue.venueName.toUpperCase()},60601,https://t.example.com/1,25`,
      `${YEAR}-05-02,20:00,Bowery Ballroom,"New York, NY 10002",,,6 Delancey St`,
      `${YEAR}-05-03,20:00,The Mohawk,"Austin, TX",https://t.example.com/3,20-30,912 Red River St`,
      `2020-05-04,20:00,The Mohawk,"Austin, TX",,,912 Red River St`,
      `${YEAR}-05-05,20:00,Nowhere Club,Atlantis,,,1 Sea Rd`,
      `${YEAR}-05-06,20:00,Somewhere Club,"Austin, TX",,,`,
      `${YEAR}-05-07,20:00,The Mohawk,"Austin, TX",http://t.example.com/7,,912 Red River St`,
      `${YEAR}-05-08,20:00,The Mohawk,"Austin, TX",,40-30,912 Red River St`,
      `${YEAR}-05-03,20:00,The Mohawk,"Austin, TX",,,912 Red River St`,
    );
    const rows = await previewed(t, performer.cookie, source);
    expect(rows.map((r) => [r.line, r.state, r.reason])).toEqual([
      [2, 'new', null],
      [3, 'duplicate', M.duplicate],
      [4, 'new', null],
      [5, 'error', S.dateInFuture],
      [6, 'error', M.unknownPlace],
      [7, 'error', M.venueAddress],
      [8, 'error', S.url],
      [9, 'error', S.priceOrder],
      [10, 'error', M.repeated],
    ]);
    expect(rows[0]).toMatchObject({
      name: venue.venueName,
      match: 'encore',
      place: 'Chicago, IL',
      startsAtLocal: `${YEAR}-05-01T21:00`,
      priceMin: 25,
      priceMax: 25,
    });
    expect(rows[1]?.showId).toBe(existing.id);
    expect(rows[2]).toMatchObject({ name: 'The Mohawk', match: 'typed', place: 'Austin, TX' });
    expect(await showsOf(t, performer.id)).toEqual(before);
  });

  it('reads an iCalendar file in the event’s zone and shows it at the venue’s local time', async () => {
    const { performer, venue } = await bookers(t);
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:tour-1@example.com',
      // 21:00 in New York is 20:00 in Chicago, where the venue is.
      `DTSTART;TZID=America/New_York:${YEAR}0610T210000`,
      `LOCATION:${venue.venueName}, 123 Main Street, Chicago, IL 60601`,
      'URL:https://tickets.example.com/tour-1',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const rows = await previewed(t, performer.cookie, { kind: 'file', format: 'ics', text });
    expect(rows).toEqual([
      expect.objectContaining({
        key: 'ics:tour-1@example.com',
        state: 'new',
        name: venue.venueName,
        match: 'encore',
        startsAtLocal: `${YEAR}-06-10T20:00`,
        ticketUrl: 'https://tickets.example.com/tour-1',
      }),
    ]);
  });

  it('a venue’s rows are matched to the one Encore artist of that name; others are errors', async () => {
    const { performer, venue } = await bookers(t);
    const twin = unique('Twins');
    await member(t, 'performer', { artistName: twin });
    await member(t, 'performer', { artistName: twin });
    const rows = await previewed(
      t,
      venue.cookie,
      csvFile(
        'date,time,artist,price',
        `${YEAR}-07-01,21:00,${performer.artistName.toLowerCase()},15`,
        `${YEAR}-07-02,21:00,Nobody Here,`,
        `${YEAR}-07-03,21:00,${twin},`,
      ),
    );
    expect(rows.map((r) => [r.state, r.reason])).toEqual([
      ['new', null],
      ['error', M.unknownArtist('Nobody Here')],
      ['error', M.ambiguousArtist(twin)],
    ]);
    expect(rows[0]).toMatchObject({ name: performer.artistName, match: 'encore' });
  });

  it('a malformed file, missing columns or a wrong type is a 400 under `source`', async () => {
    const { performer } = await bookers(t);
    const cases = [
      [csvFile(CSV_HEADER, '"unclosed,1'), M.csvMalformed(2)],
      [csvFile('date,time', `${YEAR}-01-01,20:00`), M.csvColumns('venue name, city/ZIP')],
      [{ kind: 'file', format: 'ics', text: 'not a calendar' }, M.icsMalformed],
    ] as const;
    for (const [source, message] of cases) {
      const response = await preview(t, performer.cookie, source);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ source: message });
    }
    const wrongType = await preview(t, performer.cookie, {
      kind: 'file',
      format: 'xlsx',
      text: 'x',
    } as never);
    expect(wrongType.statusCode).toBe(400);
  });

  it('a file over 1 MB is refused with its message', async () => {
    const { performer } = await bookers(t);
    const text = `${CSV_HEADER}\n${'x'.repeat(1_000_001)}`;
    const response = await preview(t, performer.cookie, { kind: 'file', format: 'csv', text });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(M.tooBig);
  });

  it('fans cannot import', async () => {
    const fan = await member(t, 'fan');
    const response = await preview(t, fan.cookie, csvFile(CSV_HEADER));
    expect(response.statusCode).toBe(403);
  });
});
