import { fanIn, signedInUser, venueIn } from './support/accounts.ts';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow, newPage, signedInId } from './support/shows.ts';

test('a fan asks an artist for a show near home; the artist sees the city on the dashboard, announces there, and the fan is told why', async ({
  browser,
}) => {
  // A town of its own, so that no other journey's request or show is near.
  const boise = { city: 'Boise', state: 'ID', zipCode: '83702' };
  const venuePage = await newPage(browser);
  await venueIn(venuePage, boise);
  const performerPage = await newPage(browser);
  await signedInUser(performerPage, 'performer');
  const performerId = await signedInId(performerPage);

  const fanPage = await newPage(browser);
  await fanIn(fanPage, boise);

  // On the artist's page: ask, see it taken, with the city's count (one asker is "a few").
  await fanPage.goto(`/artists/${performerId}`);
  await expect(fanPage.getByText('Near Boise, ID: be the first to ask')).toBeVisible();
  await fanPage.getByRole('button', { name: 'Request a show near me' }).click();
  await expect(fanPage.getByText('Requested', { exact: true })).toBeVisible();
  await expect(fanPage.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(fanPage.getByText('A few fans asked for Boise')).toBeVisible();
  await expectNoSeriousA11yViolations(fanPage);

  // The artist's dashboard lists the city, never a count under five.
  await performerPage.goto('/performer-dashboard');
  const card = performerPage.getByRole('region', { name: 'Show requests' });
  await expect(card.getByRole('listitem')).toHaveText(['Boise, IDa few fans']);

  // A show in Boise answers the request: the fan's alert says so.
  await announceShow(performerPage, venuePage, 50);
  await fanPage.goto('/notifications');
  const item = fanPage
    .getByRole('list', { name: 'Alerts' })
    .getByRole('link', { name: /announced a show/ })
    .filter({ hasText: 'You asked for a show in Boise' });
  await expect(item).toBeVisible({ timeout: budget(10_000) });
  await expect(item).toHaveCount(1);

  // Answered, the request is closed: the page offers to ask again, and the card is empty.
  await fanPage.goto(`/artists/${performerId}`);
  await expect(fanPage.getByRole('button', { name: 'Request a show near me' })).toBeVisible();
  await performerPage.reload();
  await expect(card.getByText('No fan has asked for a show yet')).toBeVisible();
});

test('a visitor is asked to log in, and a performer is not offered the request', async ({
  browser,
}) => {
  const performerPage = await newPage(browser);
  await signedInUser(performerPage, 'performer');
  const performerId = await signedInId(performerPage);
  const visitor = await newPage(browser);
  await visitor.goto(`/artists/${performerId}`);
  await expect(
    visitor.getByRole('link', { name: 'Login to ask for a show near you' }),
  ).toBeVisible();
  await performerPage.goto(`/artists/${performerId}`);
  await expect(performerPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(performerPage.getByRole('button', { name: 'Request a show near me' })).toHaveCount(
    0,
  );
});
