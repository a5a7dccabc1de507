import { randomBytes } from 'node:crypto';
import type { TShowImportPreview, TShowImportSource } from '@encore/contract';
import { eq, or } from 'drizzle-orm';
import { shows } from '../../../src/db/schema/index.ts';
import { send } from '../../support/profile-inputs.ts';
import { member } from '../../support/shows.ts';
import type { TestApp } from '../../support/test-app.ts';

export const CSV_HEADER = 'date,time,venue name,city/zip,ticket link,price,address';

/** A CSV file's source, header included. */
export const csvFile = (header: string, ...lines: string[]): TShowImportSource => ({
  kind: 'file',
  format: 'csv',
  text: `${[header, ...lines].join('\r\n')}\r\n`,
});

/** A name no other test of the run uses (venues and artists are matched by name). */
export const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;

export const preview = (t: TestApp, cookie: string, source: TShowImportSource) =>
  send(t.app, 'POST', '/api/shows/import/preview', cookie, { source });

export async function previewed(t: TestApp, cookie: string, source: TShowImportSource) {
  const response = await preview(t, cookie, source);
  if (response.statusCode !== 200) throw new Error(`preview: ${response.body}`);
  return response.json<TShowImportPreview>().rows;
}

export const confirm = (t: TestApp, cookie: string, source: TShowImportSource, keys: string[]) =>
  send(t.app, 'POST', '/api/shows/import', cookie, { source, keys });

/** Every show row naming the user as performer or venue, oldest first. */
export async function showsOf(t: TestApp, userId: string) {
  const rows = await t.database.orm
    .select()
    .from(shows)
    .where(or(eq(shows.performerId, userId), eq(shows.venueId, userId)))
    .orderBy(shows.createdAt);
  return rows;
}

/** A performer with a unique artist name, and a venue with a unique name in Chicago (60601). */
export async function bookers(t: TestApp) {
  const artistName = unique('The Importers');
  const venueName = unique('Hall');
  const performer = await member(t, 'performer', { artistName });
  const venue = await member(t, 'venue', { venueName });
  return { performer: { ...performer, artistName }, venue: { ...venue, venueName } };
}
