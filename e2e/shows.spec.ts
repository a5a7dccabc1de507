import { signedInUser } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';

/** A local date-time a few months ahead, as a datetime-local input takes it. */
function futureLocal(): string {
  const date = new Date(Date.now() + 90 * 24 * 3600 * 1000);
  return `${date.toISOString().slice(0, 10)}T20:00`;
}

test('a performer announces a show at an Encore venue with an Encore artist and a typed name on the bill; the support act confirms; a fan sets an alert and goes', async ({
  browser,
}) => {
  const venuePage = await (await browser.newContext()).newPage();
  const venue = await signedInUser(venuePage, 'venue');

  const supportPage = await (await browser.newContext()).newPage();
  const support = await signedInUser(supportPage, 'performer');
  const supportName = `Night Static ${support.username}`;

  const performerPage = await (await browser.newContext()).newPage();
  await signedInUser(performerPage, 'performer');
  await performerPage.goto('/performer-dashboard');
  await performerPage
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Shows' })
    .click();
  await expect(performerPage.getByRole('heading', { name: 'Your Shows' })).toBeVisible();
  await performerPage.getByRole('link', { name: 'Announce a Show' }).click();
  // An empty form names every missing field on the first submit.
  await performerPage.getByRole('button', { name: 'Announce Show' }).click();
  await expect(performerPage.getByText('Please enter the date and time')).toBeVisible();
  await expect(
    performerPage.getByText('Choose a venue on Encore or enter the venue name and address'),
  ).toBeVisible();
  await performerPage
    .getByRole('combobox', { name: 'Venue' })
    .fill(`The Lantern ${venue.username}`);
  await performerPage.getByRole('option', { name: new RegExp(venue.username) }).click();
  await performerPage.getByLabel('Date and Time', { exact: true }).fill(futureLocal());
  // The bill: an artist on Encore, picked from the directory, and an act typed as a name.
  const acts = performerPage.getByRole('combobox', { name: 'Supporting Acts' });
  await acts.fill(supportName);
  // The artist (with its genre), not the 'Add … as a name' option offered after it.
  await performerPage.getByRole('option', { name: new RegExp(`${supportName}.*Rock`) }).click();
  await acts.fill('Garage Friends');
  await performerPage.getByRole('option', { name: /Add ‘Garage Friends’ as a name/ }).click();
  await expect(performerPage.getByRole('list', { name: 'Supporting acts' })).toContainText(
    'Garage FriendsNot on Encore',
  );
  await performerPage.getByLabel('Ticket Link').fill('https://tickets.example/lantern');
  // A price pasted with its dollar sign keeps its number.
  await performerPage.getByLabel('Minimum Price').fill('$20.00');
  await expect(performerPage.getByLabel('Minimum Price')).toHaveValue('20.00');
  await performerPage.getByLabel('Maximum Price').fill('10');
  await performerPage.getByRole('button', { name: 'Announce Show' }).click();
  await expect(
    performerPage.getByText('Maximum price must be at least the minimum price'),
  ).toBeVisible();
  await performerPage.getByLabel('Maximum Price').fill('40');
  await performerPage.getByRole('button', { name: 'Announce Show' }).click();
  await expect(performerPage.getByText('Show announced')).toBeVisible();
  await expect(performerPage).toHaveURL(/\/my-shows$/);
  const card = performerPage.getByRole('article').first();
  // The venue is on Encore: its word first (show-confirmation.spec.ts drives that screen).
  await expect(card).toContainText(`Waiting for The Lantern ${venue.username} to confirm`);
  await card.getByRole('link').first().click();
  await expect(performerPage).toHaveURL(/\/shows\/[^/]+$/);
  const showUrl = performerPage.url();
  const lineup = performerPage.getByRole('region', { name: 'Line-up' });
  await expect(lineup.getByRole('link', { name: supportName })).toHaveAttribute(
    'href',
    /\/artists\//,
  );
  await expect(lineup.getByRole('listitem').nth(1)).toContainText('Awaiting confirmation');
  await expect(lineup.getByRole('listitem').nth(2)).toContainText('Garage Friends');
  await expect(lineup.getByRole('link', { name: 'Garage Friends' })).toHaveCount(0);
  const artistName = (await performerPage.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await performerPage.close();
  const confirmed = await venuePage.request.post(
    `/api/shows/${new URL(showUrl).pathname.split('/').at(-1)}/confirm`,
  );
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await venuePage.close();

  // The support act answers for its own slot, in Your Shows, where the headliner answers too.
  await supportPage.goto('/my-shows');
  const asked = supportPage
    .getByRole('region', { name: 'Waiting for your confirmation' })
    .getByRole('article');
  await expect(asked).toContainText('listed you as a supporting act');
  await asked.getByRole('button', { name: 'Confirm' }).click();
  await expect(supportPage.getByText('Show confirmed')).toBeVisible();
  await expect(
    supportPage.getByRole('region', { name: 'Upcoming' }).getByRole('article'),
  ).toContainText('Supporting');
  await supportPage.close();

  const fanPage = await (await browser.newContext()).newPage();
  await signedInUser(fanPage, 'fan');
  await fanPage.goto(showUrl);
  // Through Encore's counted redirect (manage-shows.spec.ts follows it to the ticket page).
  await expect(
    fanPage.getByRole('link', {
      name: 'Purchase Ticket(s) on tickets.example',
      exact: true,
    }),
  ).toHaveAttribute('href', new URL(showUrl).pathname.replace('/shows/', '/go/ticket/'));
  await expect(fanPage.getByText('$20–$40')).toBeVisible();
  await expectNoSeriousA11yViolations(fanPage);
  await fanPage.getByRole('button', { name: 'Going' }).click();
  await expect(fanPage.getByRole('button', { name: 'Going' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(fanPage.getByText('1 fan going')).toBeVisible();

  await fanPage.getByRole('link', { name: artistName.trim() }).first().click();
  await fanPage.getByRole('button', { name: 'Set Alert' }).click();
  const dialog = fanPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Activate Alert' }).click();
  await expect(dialog.getByText('Please select at least one alert channel')).toBeVisible();
  await dialog.getByLabel('Push').check();
  await dialog.getByLabel('Email').check();
  await dialog.getByRole('button', { name: 'Activate Alert' }).click();
  await expect(
    fanPage.getByText(`${artistName.trim()} alert activated via Push, Email`),
  ).toBeVisible();
  await expect(fanPage.getByRole('button', { name: 'Remove Alert' })).toBeVisible();
  await fanPage.close();
});
