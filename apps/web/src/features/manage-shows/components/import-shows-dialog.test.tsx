import {
  SHOW_IMPORT_MESSAGES as M,
  SHOW_MESSAGES as S,
  type TShowImportRow,
} from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { stubOwner } from '../testing/fixtures';

const row = (overrides: Partial<TShowImportRow>): TShowImportRow => ({
  key: 'csv:2099-03-07|the mohawk',
  line: 2,
  state: 'new',
  reason: null,
  notice: null,
  startsAtLocal: '2099-03-07T20:30',
  name: 'The Mohawk',
  match: 'typed',
  place: 'Austin, TX',
  ticketUrl: 'https://t.example.com/a',
  priceMin: 20,
  priceMax: 35,
  showId: null,
  ...overrides,
});

const ROWS = [
  row({}),
  row({
    key: 'csv:2099-03-08|blue room',
    line: 3,
    startsAtLocal: '2099-03-08T21:00',
    name: 'Blue Room',
    match: 'encore',
    place: 'Chicago, IL',
    priceMin: null,
    priceMax: null,
    notice: M.sameDayNotice('The Mohawk'),
  }),
  row({ key: 'csv:line:4', line: 4, state: 'error', reason: S.dateInFuture, name: 'Old Hall' }),
  row({ key: 'csv:2099-03-09|x', line: 5, state: 'duplicate', reason: M.duplicate, name: 'X' }),
];
const CSV =
  'date,time,venue name,city/zip,ticket link,price\n2099-03-07,8:30 PM,The Mohawk,78701,,\n';

async function openDialog() {
  const rendered = renderApp('/my-shows');
  await rendered.user.click(await screen.findByRole('button', { name: 'Import shows' }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Import shows' }) };
}

const csvFile = (text = CSV, name = 'tour.csv') => new File([text], name, { type: 'text/csv' });

describe('Import shows', () => {
  it('previews a CSV file, lists errors with their line, and imports the chosen rows', async () => {
    const fetchMock = stubOwner('performer', [], {
      'POST /api/shows/import/preview': () => json({ rows: ROWS }),
      'POST /api/shows/import': () => json({ created: 1, updated: 0 }),
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Calendar or CSV file'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(callsTo(fetchMock, 'POST /api/shows/import/preview')).toEqual([
      { source: { kind: 'file', format: 'csv', text: CSV } },
    ]);
    const list = await within(dialog).findByRole('list', { name: 'Shows in the file' });
    expect(within(dialog).getByRole('status').textContent).toBe(
      '4 shows in the file: 2 to import, 1 already there, 1 with an error',
    );
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Sat, Mar 7, 2099, 8:30 PM');
    expect(items[0]?.textContent).toContain('The Mohawk (not on Encore) · Austin, TX · $20–$35');
    expect(items[2]?.textContent).toContain(`Line 4: ${S.dateInFuture}`);
    expect(within(items[2] as HTMLElement).queryByRole('checkbox')).toBeNull();
    expect(items[1]?.textContent).toContain(M.sameDayNotice('The Mohawk'));
    expect(items[3]?.textContent).toContain('Already on Encore');

    // Both new rows start chosen; untick one.
    await user.click(
      within(list).getByRole('checkbox', { name: 'Import Sun, Mar 8, 2099, 9:00 PM, Blue Room' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 show' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/shows/import')).toEqual([
        {
          source: { kind: 'file', format: 'csv', text: CSV },
          keys: ['csv:2099-03-07|the mohawk'],
        },
      ]),
    );
    expect(await screen.findByText('Imported 1 show')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the file before sending it: its type, and something chosen', async () => {
    const fetchMock = stubOwner('venue');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(M.fileRequired)).toBeTruthy();
    await user.upload(
      within(dialog).getByLabelText('Calendar or CSV file'),
      csvFile('x', 'tour.xlsx'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(M.fileType)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/shows/import/preview')).toEqual([]);
  });

  it('refuses a URL that is not http(s) with the contract’s message, and shows the server’s', async () => {
    const fetchMock = stubOwner('performer', [], {
      'POST /api/shows/import/preview': () =>
        apiError(400, 'VALIDATION_FAILED', M.urlTimeout, { source: M.urlTimeout }),
    });
    const { user, dialog } = await openDialog();
    const url = within(dialog).getByLabelText('Or a calendar URL');
    await user.type(url, 'ftp://example.com/tour.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(M.urlInvalid)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/shows/import/preview')).toEqual([]);

    await user.clear(url);
    await user.type(url, 'https://example.com/tour.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(M.urlTimeout)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/shows/import/preview')).toEqual([
      { source: { kind: 'url', url: 'https://example.com/tour.ics' } },
    ]);
  });

  it('keeps the preview open with the server’s reason when the import is refused', async () => {
    stubOwner('performer', [], {
      'POST /api/shows/import/preview': () => json({ rows: ROWS.slice(0, 1) }),
      'POST /api/shows/import': () =>
        apiError(409, 'SAME_DAY_SHOW', 'Line 2: You already have a show that day'),
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Calendar or CSV file'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 1 show' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Line 2: You already have a show that day',
    );
  });
});
