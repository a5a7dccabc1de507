import { SHOW_IMPORT_MESSAGES as M, SHOW_IMPORT_MAX_ROWS } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { CsvMalformed, csvRecords } from '../../src/domain/show-import/csv-records.ts';
import { csvRows } from '../../src/domain/show-import/csv-rows.ts';
import { icsRows } from '../../src/domain/show-import/ics-rows.ts';
import { importPlace } from '../../src/domain/show-import/import-place.ts';
import { ImportSourceProblem } from '../../src/domain/show-import/source-problem.ts';
import { YEAR } from '../support/dates.ts';

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportSourceProblem) return error.message;
    throw error;
  }
  return null;
};

describe('CSV records', () => {
  it('reads quoted fields with commas, line breaks and doubled quotes, a BOM and CRLF', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","two\r\nlines","say ""hi"""\r\n\r\nlast,,\r\n';
    expect(csvRecords(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'two\r\nlines', 'say "hi"'] },
      { line: 5, fields: ['last', '', ''] },
    ]);
  });

  it('reads a last record without a line end', () => {
    expect(csvRecords('a,b\n1,2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });

  it.each([
    ['an unclosed quote', 'a,b\n1,"open\n2,3\n', 2],
    ['a quote inside a bare field', 'a,b\n1,x"y"\n', 2],
    ['text after a closing quote', 'a,b\n\n"x"y,2\n', 3],
  ])('refuses %s with its line', (_, text, line) => {
    try {
      csvRecords(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CsvMalformed);
      expect((error as CsvMalformed).line).toBe(line);
    }
  });
});

describe('CSV shows', () => {
  const header = 'Date,Time,Venue Name,City/ZIP,Ticket Link,Price';

  it('reads each row by its header, in any order and case, with US dates and 12-hour times', () => {
    const text = `price,TICKET LINK,city/zip,venue name,time,date\n"$20 - $35",https://t.example.com/a,"Austin, TX",The Mohawk,8:30 PM,3/7/${YEAR}\n`;
    const [row] = csvRows(text, 'performer');
    expect(row).toEqual({
      key: `csv:${YEAR}-03-07|the mohawk`,
      line: 2,
      start: { kind: 'local', local: `${YEAR}-03-07T20:30` },
      problem: null,
      venueName: 'The Mohawk',
      place: 'Austin, TX',
      streetAddress: '',
      artistName: '',
      ticketUrl: 'https://t.example.com/a',
      priceMin: 20,
      priceMax: 35,
    });
  });

  it.each([
    [`${YEAR}-02-30,20:00,Club,78701,,`, M.badDate],
    [`${YEAR}-03-01,25:00,Club,78701,,`, M.badTime],
    [`${YEAR}-03-01,,Club,78701,,`, M.missing('time')],
    [`,20:00,Club,78701,,`, M.missing('date')],
    [`${YEAR}-03-01,20:00,,78701,,`, M.missing('venue name')],
    [`${YEAR}-03-01,20:00,Club,,,`, M.missing('city/ZIP')],
    [`${YEAR}-03-01,20:00,Club,78701,,cheap`, M.badPrice],
  ])('names what is wrong with %s', (line, problem) => {
    const [row] = csvRows(`${header}\n${line}\n`, 'performer');
    expect(row?.problem).toBe(problem);
  });

  it('a free show costs 0; no price is none', () => {
    const rows = csvRows(
      `${header}\n${YEAR}-03-01,20:00,A,78701,,free\n${YEAR}-03-02,20:00,A,78701,,\n`,
      'performer',
    );
    expect(rows.map((r) => [r.priceMin, r.priceMax])).toEqual([
      [0, 0],
      [null, null],
    ]);
  });

  it('a venue’s file names the artist, and keys rows by date and artist', () => {
    const text = `date,time,artist\n${YEAR}-04-01,21:00,The Echoes\n`;
    expect(csvRows(text, 'venue')[0]).toMatchObject({
      key: `csv:${YEAR}-04-01|the echoes`,
      artistName: 'The Echoes',
      problem: null,
    });
  });

  it('refuses a file without the needed columns, an empty one, a malformed one and a huge one', () => {
    expect(problemOf(() => csvRows('date,time\n2027-01-01,20:00\n', 'performer'))).toBe(
      M.csvColumns('venue name, city/ZIP'),
    );
    expect(problemOf(() => csvRows('date,time,venue\n', 'venue'))).toBe(M.csvColumns('artist'));
    expect(problemOf(() => csvRows(`${header}\n`, 'performer'))).toBe(M.empty);
    expect(problemOf(() => csvRows('', 'performer'))).toBe(M.empty);
    expect(problemOf(() => csvRows(`${header}\n"broken,1\n`, 'performer'))).toBe(M.csvMalformed(2));
    const many = Array.from({ length: SHOW_IMPORT_MAX_ROWS + 1 }, () => 'x,x,x,x,x,x').join('\n');
    expect(problemOf(() => csvRows(`${header}\n${many}\n`, 'performer'))).toBe(M.tooManyRows);
  });
});

const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

describe('iCalendar shows', () => {
  it('reads zoned, UTC and floating starts; LOCATION, URL, UID; folded and escaped text', () => {
    const text = calendar(
      event(
        'UID:a@example.com',
        `DTSTART;TZID=America/Chicago:${YEAR}0610T200000`,
        'SUMMARY:The Echoes at The Blue Room',
        'LOCATION:The Blue Room\\, 123 Main Street\\, Chicago\\, IL 60601',
        'URL:https://tickets.example.com/',
        ' long-path',
        'BEGIN:VALARM',
        'TRIGGER:-PT1H',
        'DESCRIPTION:ignored',
        'END:VALARM',
      ),
      event('UID:b', `DTSTART:${YEAR}0611T010000Z`, 'LOCATION:Club Nine, 78701'),
      event('UID:c', `DTSTART:${YEAR}0612T213000`, 'LOCATION:Club Nine, Austin, TX'),
    );
    const rows = icsRows(text, 'performer');
    expect(rows[0]).toMatchObject({
      key: 'ics:a@example.com',
      line: 1,
      // 20:00 CDT is 01:00 UTC the next day.
      start: { kind: 'instant', at: new Date(`${YEAR}-06-11T01:00:00Z`) },
      problem: null,
      venueName: 'The Blue Room',
      streetAddress: '123 Main Street',
      place: 'Chicago, IL 60601',
      artistName: 'The Echoes',
      ticketUrl: 'https://tickets.example.com/long-path',
    });
    expect(rows[1]?.start).toEqual({ kind: 'instant', at: new Date(`${YEAR}-06-11T01:00:00Z`) });
    expect(rows[2]).toMatchObject({
      start: { kind: 'local', local: `${YEAR}-06-12T21:30` },
      place: 'Austin, TX',
    });
  });

  it('a whole-day event, an unknown zone and a missing start are rows in error', () => {
    const text = calendar(
      event('UID:d', `DTSTART;VALUE=DATE:${YEAR}0610`, 'LOCATION:X, 78701'),
      event('UID:e', `DTSTART;TZID=Eastern Standard Time:${YEAR}0610T200000`, 'LOCATION:X'),
      event('UID:f', 'LOCATION:X, 78701'),
    );
    expect(icsRows(text, 'performer').map((r) => r.problem)).toEqual([
      M.noTime,
      M.badTimeZone('Eastern Standard Time'),
      M.missing('start (DTSTART)'),
    ]);
  });

  it('refuses text that is not a calendar, components left open, and a calendar without events', () => {
    expect(problemOf(() => icsRows('hello', 'performer'))).toBe(M.icsMalformed);
    expect(problemOf(() => icsRows('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n', 'performer'))).toBe(
      M.icsMalformed,
    );
    expect(problemOf(() => icsRows(calendar(), 'performer'))).toBe(M.empty);
  });
});

describe('places', () => {
  it('a ZIP names its city; "City, ST" its first ZIP; anything else is unknown', () => {
    expect(importPlace('78701')).toEqual({ zipCode: '78701', city: 'Austin', state: 'TX' });
    expect(importPlace('Chicago, IL 60601')).toMatchObject({ zipCode: '60601', state: 'IL' });
    expect(importPlace('Austin, tx')).toMatchObject({ city: 'Austin', state: 'TX' });
    expect(importPlace('Atlantis')).toBeNull();
    expect(importPlace('00000')).toBeNull();
  });
});
