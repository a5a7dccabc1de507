import { signedInUser, venueProfile } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { inDays, newPage } from './support/shows.ts';

/** 'YYYY-MM-DD' `days` ahead (negative: behind). */
const day = (days: number) => inDays(days).slice(0, 10);

test('a performer imports a CSV file: the preview lists an error row with its reason, the chosen shows land on My Shows', async ({
  browser,
}) => {
  // A venue on Encore the file names (matched by name and ZIP), and one the file adds by address.
  const venuePage = await newPage(browser);
  const venue = venueProfile(await signedInUser(venuePage, 'venue'));
  await venuePage.close();
  const page = await newPage(browser);
  await signedInUser(page, 'performer');
  const csv = [
    'Date,Time,Venue Name,City/ZIP,Ticket Link,Price,Address',
    `${day(40)},8:00 PM,${venue.venueName},${venue.zipCode},https://tickets.example.com/a,25`,
    `${day(41)},21:30,Side Door Club,"Austin, TX",,15-20,912 Red River St`,
    `${day(-3)},20:00,Side Door Club,"Austin, TX",,,912 Red River St`,
  ].join('\r\n');

  await page.goto('/my-shows');
  await expect(page.getByRole('heading', { name: 'Your Shows', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Import shows' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import shows' });
  await dialog.getByLabel('Calendar or CSV file').setInputFiles({
    name: 'tour.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}\r\n`),
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const list = dialog.getByRole('list', { name: 'Shows in the file' });
  await expect(dialog.getByRole('status')).toHaveText(
    '3 shows in the file: 2 to import, 0 already there, 1 with an error',
  );
  const rows = list.getByRole('listitem');
  await expect(rows.nth(0)).toContainText(`${venue.venueName} · Chicago, IL · $25`);
  await expect(rows.nth(1)).toContainText('Side Door Club (not on Encore) · Austin, TX · $15–$20');
  await expect(rows.nth(2)).toContainText('Line 4: Date must be in the future');
  await expect(rows.nth(2).getByRole('checkbox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Nothing is written before the confirmation.
  expect((await (await page.request.get('/api/shows/mine')).json()).shows).toEqual([]);

  await dialog.getByRole('button', { name: 'Import 2 shows' }).click();
  await expect(page.getByText('Imported 2 shows')).toBeVisible();
  await expect(dialog).toBeHidden();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByRole('article').filter({ hasText: venue.venueName })).toHaveCount(1);
  const external = upcoming.getByRole('article').filter({ hasText: 'Side Door Club' });
  await expect(external).toContainText('Austin, TX');
  await expect(external).toContainText('9:30 PM');

  // The same file again: both shows are there already, nothing to import.
  await page.getByRole('button', { name: 'Import shows' }).click();
  await dialog.getByLabel('Calendar or CSV file').setInputFiles({
    name: 'tour.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    '3 shows in the file: 0 to import, 2 already there, 1 with an error',
  );
  await expect(dialog.getByRole('button', { name: 'Import 0 shows' })).toBeDisabled();
});

test('a malformed file is refused with its message and writes nothing', {
  tag: '@any-viewport',
}, async ({ browser }) => {
  const page = await newPage(browser);
  await signedInUser(page, 'performer');
  await page.goto('/my-shows');
  await page.getByRole('button', { name: 'Import shows' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import shows' });
  await dialog.getByLabel('Calendar or CSV file').setInputFiles({
    name: 'tour.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from('this is not a calendar'),
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(
    dialog.getByText('This is not an iCalendar file (it needs BEGIN:VCALENDAR and VEVENT entries)'),
  ).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Shows in the file' })).toHaveCount(0);
  expect((await (await page.request.get('/api/shows/mine')).json()).shows).toEqual([]);
});
