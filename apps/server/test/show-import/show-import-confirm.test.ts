import { SHOW_IMPORT_MESSAGES as M } from '@encore/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showEvents, showImportKeys, showNotices } from '../../src/db/schema/index.ts';
import { YEAR } from '../support/dates.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  bookers,
  CSV_HEADER,
  confirm,
  csvFile,
  previewed,
  showsOf,
  unique,
} from './support/import.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const eventsOf = (showIds: string[]) =>
  t.database.orm
    .select({ showId: showEvents.showId, kind: showEvents.kind, payload: showEvents.payload })
    .from(showEvents)
    .where(inArray(showEvents.showId, showIds))
    .orderBy(showEvents.createdAt);

const mohawk = (day: string, time: string, extra = 'https://t.example.com/m,20') =>
  `${YEAR}-${day},${time},The Mohawk,"Austin, TX",${extra},912 Red River St`;

describe('POST /api/shows/import', () => {
  it('writes the chosen rows through the announce rules; a re-import changes nothing', async () => {
    const { performer, venue } = await bookers(t);
    const source = csvFile(
      CSV_HEADER,
      mohawk('08-01', '20:00'),
      `${YEAR}-08-02,20:00,${venue.venueName},60601,,15`,
      mohawk('08-03', '20:00'),
    );
    const rows = await previewed(t, performer.cookie, source);
    const chosen = [rows[0]?.key, rows[1]?.key] as string[];
    const response = await confirm(t, performer.cookie, source, chosen);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 2, updated: 0 });

    const written = await showsOf(t, performer.id);
    expect(written).toHaveLength(2);
    const [external, atVenue] = written;
    // A venue not on Encore: confirmed, announced to fans at once, as from the form.
    expect(external).toMatchObject({ externalName: 'The Mohawk', confirmation: 'confirmed' });
    expect(external?.timeZone).toBe('America/Chicago');
    // An Encore venue is asked first, and fans hear nothing until it confirms.
    expect(atVenue).toMatchObject({ venueId: venue.id, confirmation: 'pending' });
    expect((await eventsOf([external?.id ?? ''])).map((e) => e.kind)).toEqual(['announced']);
    expect(await eventsOf([atVenue?.id ?? ''])).toEqual([]);
    const notices = await t.database.orm
      .select({ kind: showNotices.kind })
      .from(showNotices)
      .where(eq(showNotices.userId, venue.id));
    expect(notices.map((n) => n.kind)).toEqual(['confirmation_requested']);

    // The same file again: the imported rows are unchanged, the third still new.
    const again = await previewed(t, performer.cookie, source);
    expect(again.map((r) => r.state)).toEqual(['unchanged', 'unchanged', 'new']);
    // A confirmation sent twice writes nothing the second time.
    const twice = await confirm(t, performer.cookie, source, chosen);
    expect(twice.json()).toEqual({ created: 0, updated: 0 });
    expect(await showsOf(t, performer.id)).toEqual(written);
  });

  it('a changed row is an edit of the show its key made, with the edit’s events', async () => {
    const { performer } = await bookers(t);
    const first = csvFile(CSV_HEADER, mohawk('09-01', '20:00', 'https://t.example.com/a,30'));
    const [row] = await previewed(t, performer.cookie, first);
    await confirm(t, performer.cookie, first, [row?.key as string]);
    const [show] = await showsOf(t, performer.id);

    const moved = csvFile(CSV_HEADER, mohawk('09-01', '21:30', 'https://t.example.com/a,25'));
    const [changed] = await previewed(t, performer.cookie, moved);
    expect(changed).toMatchObject({ state: 'changed', showId: show?.id, key: row?.key });
    const response = await confirm(t, performer.cookie, moved, [changed?.key as string]);
    expect(response.json()).toEqual({ created: 0, updated: 1 });

    const after = await showsOf(t, performer.id);
    expect(after).toHaveLength(1);
    expect(after[0]?.startsAt.toISOString()).toBe(`${YEAR}-09-02T02:30:00.000Z`);
    expect(Number(after[0]?.priceMin)).toBe(25);
    const kinds = (await eventsOf([show?.id ?? ''])).map((e) => [e.kind, e.payload.edited]);
    expect(kinds).toEqual([
      ['announced', undefined],
      ['price_drop', undefined],
      ['postponed', true],
    ]);
    expect((await previewed(t, performer.cookie, moved))[0]?.state).toBe('unchanged');
  });

  it('another show that day is said beside the row, and importing answers it as the form does', async () => {
    const { performer } = await bookers(t);
    const source = csvFile(
      CSV_HEADER,
      mohawk('10-01', '19:00'),
      `${YEAR}-10-01,22:00,Stubb's,"Austin, TX",,,801 Red River St`,
    );
    const rows = await previewed(t, performer.cookie, source);
    expect(rows.map((r) => [r.state, r.notice])).toEqual([
      ['new', null],
      ['new', M.sameDayNotice('The Mohawk')],
    ]);
    const response = await confirm(
      t,
      performer.cookie,
      source,
      rows.map((r) => r.key),
    );
    expect(response.json()).toEqual({ created: 2, updated: 0 });
  });

  it('a row the rules refuse at confirmation rolls back every row, naming its line', async () => {
    const { venue } = await bookers(t);
    const names = new Map<string, string>();
    const act = async (name: string) => {
      const artistName = unique(name);
      const { id } = await member(t, 'performer', { artistName });
      names.set(id, artistName);
      return { id };
    };
    const one = await act('Early Act');
    const two = await act('Late Act');
    const event = (uid: string, artistId: string, day: string) =>
      [
        'BEGIN:VEVENT',
        `UID:${uid}`,
        `DTSTART:${YEAR}${day}T200000`,
        `SUMMARY:${names.get(artistId)}`,
        'END:VEVENT',
      ].join('\r\n');
    const ics = (...events: string[]) => ({
      kind: 'file' as const,
      format: 'ics' as const,
      text: ['BEGIN:VCALENDAR', ...events, 'END:VCALENDAR'].join('\r\n'),
    });
    const first = ics(event('u1', one.id, '1101'), event('u2', two.id, '1102'));
    const firstRows = await previewed(t, venue.cookie, first);
    await confirm(
      t,
      venue.cookie,
      first,
      firstRows.map((r) => r.key),
    );
    const before = await showsOf(t, venue.id);
    expect(before).toHaveLength(2);

    // u2 moves onto u1's night (an edit, which asks about the night), and u3 is new.
    const second = ics(
      event('u1', one.id, '1101'),
      event('u2', two.id, '1101'),
      event('u3', one.id, '1103'),
    );
    const rows = await previewed(t, venue.cookie, second);
    expect(rows.map((r) => r.state)).toEqual(['unchanged', 'changed', 'new']);
    const response = await confirm(t, venue.cookie, second, ['ics:u2', 'ics:u3']);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'NIGHT_TAKEN' });
    expect(response.json().error.message).toMatch(/^Line 2: /);
    expect(await showsOf(t, venue.id)).toEqual(before);
    const keys = await t.database.orm
      .select({ key: showImportKeys.key })
      .from(showImportKeys)
      .where(eq(showImportKeys.userId, venue.id));
    expect(keys.map((k) => k.key).sort()).toEqual(['ics:u1', 'ics:u2']);
  });

  it('a key the source no longer has, or a row in error, is refused: preview again', async () => {
    const { performer } = await bookers(t);
    const source = csvFile(CSV_HEADER, mohawk('11-01', '20:00'), '2020-01-01,20:00,X,78701,,');
    const rows = await previewed(t, performer.cookie, source);
    for (const keys of [['csv:nope'], [rows[1]?.key as string]]) {
      const response = await confirm(t, performer.cookie, source, keys);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(M.rowsChanged);
    }
    const none = await confirm(t, performer.cookie, source, []);
    expect(none.statusCode).toBe(400);
    expect(await showsOf(t, performer.id)).toEqual([]);
  });

  it('a venue imports shows with Encore artists, who are asked to confirm', async () => {
    const { performer, venue } = await bookers(t);
    const source = csvFile('date,time,artist', `${YEAR}-12-01,21:00,${performer.artistName}`);
    const rows = await previewed(t, venue.cookie, source);
    await confirm(t, venue.cookie, source, [rows[0]?.key as string]);
    const [show] = await showsOf(t, venue.id);
    expect(show).toMatchObject({
      performerId: performer.id,
      venueId: venue.id,
      createdBy: venue.id,
      confirmation: 'pending',
      confirmingPartyId: performer.id,
      genre: 'Indie',
    });
  });
});
