import type { Page } from '@playwright/test';
import { signedInUser, signedInVenue } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { moveShowToPast } from './support/db.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow, signedInId } from './support/shows.ts';

/** Announced with tickets and prices: the pages below show them. */
const announce = (page: Page, venuePage: Page, days: number) =>
  announceShow(page, venuePage, days, {
    ticketUrl: 'https://tickets.example/encore',
    priceMin: 25,
    priceMax: 40,
  });

/** A performer (Rock, see accounts.ts) in its own context; returns its id, name and page. */
async function performer(page: Page) {
  await signedInUser(page, 'performer');
  const id = await signedInId(page);
  const artist = await page.request.get(`/api/artists/${id}`);
  return { id, name: (await artist.json()).artist.name as string };
}

test('a fan watching an artist finds the show in Your Alerts, goes, sees it as Next Show and in Shows Attending, then stops watching', async ({
  browser,
}) => {
  const venuePage = await signedInVenue(await (await browser.newContext()).newPage());
  const performerPage = await (await browser.newContext()).newPage();
  const artist = await performer(performerPage);
  // In Chicago, far from the fan's Brooklyn home: only watching brings it to the fan.
  const showId = await announce(performerPage, venuePage, 20);

  const fanPage = await (await browser.newContext()).newPage();
  await signedInUser(fanPage, 'fan');
  await fanPage.goto(`/artists/${artist.id}`);
  await fanPage.getByRole('button', { name: 'Set Alert' }).click();
  await fanPage.getByRole('dialog').getByLabel('Push').check();
  await fanPage.getByRole('dialog').getByRole('button', { name: 'Activate Alert' }).click();
  await expect(fanPage.getByText(`${artist.name} alert activated via Push`)).toBeVisible();

  await fanPage.getByRole('link', { name: 'Alerts' }).click();
  await expect(fanPage.getByRole('heading', { name: 'Your Alerts', level: 1 })).toBeVisible();
  const card = fanPage.getByRole('article', { name: artist.name });
  await expect(card.getByText(`You watch ${artist.name}`)).toBeVisible();
  await expect(card.getByText('Chicago, IL')).toBeVisible();
  // Through Encore's counted redirect to the show's ticket URL.
  await expect(
    card.getByRole('link', {
      name: 'Purchase Ticket(s) on tickets.example',
      exact: true,
    }),
  ).toHaveAttribute('href', `/go/ticket/${showId}`);
  await expectNoSeriousA11yViolations(fanPage);
  await card.getByRole('button', { name: 'Going' }).click();
  await expect(card.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 going')).toBeVisible();

  await fanPage.getByRole('link', { name: 'Home' }).click();
  await expect(fanPage.getByRole('link', { name: 'Going To 1' })).toBeVisible();
  await expect(fanPage.getByRole('link', { name: 'Watching 1' })).toBeVisible();
  await expect(fanPage.getByRole('link', { name: 'Attended 0' })).toBeVisible();
  const nextShow = fanPage.getByRole('region', { name: 'Next Show' });
  await expect(nextShow.getByRole('heading', { name: artist.name })).toBeVisible();
  await expectNoSeriousA11yViolations(fanPage);

  await fanPage.getByRole('link', { name: 'Going To 1' }).click();
  await expect(fanPage.getByRole('heading', { name: 'Shows Attending', level: 1 })).toBeVisible();
  await expect(fanPage.getByRole('article', { name: artist.name })).toBeVisible();

  // The private calendar feed lists the show, and stops working once turned off.
  await fanPage.getByRole('button', { name: 'Create calendar link' }).click();
  const feedUrl = await fanPage.getByLabel('Your calendar link').inputValue();
  const feed = await fanPage.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain(artist.name);
  await fanPage.getByRole('button', { name: 'Turn off' }).click();
  await expect(fanPage.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
  expect((await fanPage.request.get(feedUrl)).status()).toBe(404);

  await fanPage.goto('/watching');
  await expect(fanPage.getByRole('heading', { name: 'Watching', level: 1 })).toBeVisible();
  await expect(fanPage.getByRole('article', { name: artist.name })).toBeVisible();
  await expectNoSeriousA11yViolations(fanPage);
  await fanPage.getByRole('button', { name: `Remove ${artist.name} alert` }).click();
  await expect(
    fanPage.getByRole('heading', { name: 'You are not watching any artists' }),
  ).toBeVisible();
  await expect(fanPage.getByRole('link', { name: 'Discover Artists' })).toBeVisible();
  // Removed on the server, not just from the list.
  await fanPage.reload();
  await expect(
    fanPage.getByRole('heading', { name: 'You are not watching any artists' }),
  ).toBeVisible();
});

test('a signed-out visitor who logs in from an artist page comes back to it to set the alert', async ({
  browser,
}) => {
  const artist = await performer(await (await browser.newContext()).newPage());
  const fan = await signedInUser(await (await browser.newContext()).newPage(), 'fan');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/artists/${artist.id}`);
  await visitor.getByRole('link', { name: 'Login to set an alert' }).click();
  await visitor.getByLabel('Email').fill(fan.email);
  await visitor.getByLabel('Password', { exact: true }).fill(fan.password);
  await visitor.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/artists/${artist.id}$`));
  await expect(visitor.getByRole('button', { name: 'Set Alert' })).toBeVisible();
});

test('Your Alerts lists a favourite genre near home without watching, and not the same genre far away', async ({
  browser,
}) => {
  const nearVenue = await signedInVenue(await (await browser.newContext()).newPage(), {
    city: 'Brooklyn',
    state: 'NY',
    zipCode: '11222',
  });
  const farVenue = await signedInVenue(await (await browser.newContext()).newPage());
  const nearPage = await (await browser.newContext()).newPage();
  const near = await performer(nearPage);
  await announce(nearPage, nearVenue, 1);
  const farPage = await (await browser.newContext()).newPage();
  const far = await performer(farPage);
  await announce(farPage, farVenue, 1);

  const fanPage = await (await browser.newContext()).newPage();
  await signedInUser(fanPage, 'fan');
  await fanPage.goto('/alerts');
  const card = fanPage.getByRole('article', { name: near.name });
  await expect(
    card.getByText(/^Rock show \d+(\.\d)? mi from Brooklyn, NY — within your \d+ mi radius$/),
  ).toBeVisible();
  await expect(fanPage.getByRole('article', { name: far.name })).toHaveCount(0);
});

test('after a show the fan was going to, the dashboard asks "Did you go?" and Yes moves it to Shows Attended', async ({
  browser,
}) => {
  const venuePage = await signedInVenue(await (await browser.newContext()).newPage());
  const performerPage = await (await browser.newContext()).newPage();
  const artist = await performer(performerPage);
  const showId = await announce(performerPage, venuePage, 10);

  const fanPage = await (await browser.newContext()).newPage();
  await signedInUser(fanPage, 'fan');
  const going = await fanPage.request.put(`/api/shows/${showId}/attendance`, {
    data: { status: 'going' },
  });
  expect(going.status(), await going.text()).toBe(200);
  await moveShowToPast(showId);

  await fanPage.goto('/dashboard');
  const prompts = fanPage.getByRole('region', { name: 'Did you go?' });
  await expect(prompts.getByRole('heading', { name: artist.name })).toBeVisible();
  await expect(fanPage.getByRole('link', { name: 'Going To 0' })).toBeVisible();
  await prompts.getByRole('button', { name: 'Yes, I went' }).click();
  await expect(fanPage.getByText('Marked as attended')).toBeVisible();
  await expect(prompts).toHaveCount(0);
  await expect(fanPage.getByRole('link', { name: 'Attended 1' })).toBeVisible();

  await fanPage.getByRole('link', { name: 'Attended 1' }).click();
  await expect(fanPage.getByRole('heading', { name: 'Shows Attended', level: 1 })).toBeVisible();
  await expect(fanPage).toHaveURL(/\/shows-attended$/);
  const totals = fanPage.getByRole('list', { name: 'Totals' });
  for (const tile of ['Total Shows', 'Venues', 'This Year']) {
    await expect(totals.getByRole('listitem').filter({ hasText: tile })).toContainText('1');
  }
  const history = fanPage.getByRole('region', { name: 'History' });
  await expect(history.getByRole('link', { name: new RegExp(artist.name) })).toBeVisible();
  await expectNoSeriousA11yViolations(fanPage);
});
