import { fanProfile, signedInUser, venueProfile } from './support/accounts.ts';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow, inDays, newPage } from './support/shows.ts';

test('a fan adds a trip in Settings and is alerted of a show there, told it is their trip', async ({
  browser,
}) => {
  // Towns of their own, so that no other journey's show is near: the fan lives in Billings, the
  // show is in Fargo, 50 days from now, inside the trip's days.
  const fargo = { city: 'Fargo', state: 'ND', zipCode: '58102' };
  const venuePage = await newPage(browser);
  const venue = await signedInUser(venuePage, 'venue', { completeProfile: false });
  const savedVenue = await venuePage.request.put('/api/profile/venue', {
    data: { ...venueProfile(venue), ...fargo },
  });
  expect(savedVenue.status(), await savedVenue.text()).toBe(200);
  const performerPage = await newPage(browser);
  const performer = await signedInUser(performerPage, 'performer');

  const fanPage = await newPage(browser);
  const fan = await signedInUser(fanPage, 'fan', { completeProfile: false });
  const savedFan = await fanPage.request.put('/api/profile/fan', {
    data: { ...fanProfile(fan), homeCity: 'Billings', zipCode: '59101' },
  });
  expect(savedFan.status(), await savedFan.text()).toBe(200);

  // Settings › Profile › Other places: none yet; add Fargo as a trip around the show's day.
  await fanPage.goto('/settings/fan');
  const section = fanPage.getByRole('region', { name: 'Other places' });
  await expect(section.getByText(/No other places yet/)).toBeVisible();
  await section.getByRole('button', { name: 'Add a place' }).click();
  await section.getByLabel('City or ZIP').fill('Fargo, ND');
  await section.getByLabel('Trip starts').fill(inDays(45).slice(0, 10));
  await section.getByLabel('Trip ends').fill(inDays(55).slice(0, 10));
  await section.getByRole('button', { name: 'Save place' }).click();
  await expect(fanPage.getByText('Place added')).toBeVisible();
  await expect(section.getByText('Fargo, ND', { exact: true })).toBeVisible();
  await expect(section.getByText(/Within 25 miles · Trip, /)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Edit Fargo, ND' })).toBeVisible();
  await expectNoSeriousA11yViolations(fanPage);

  // The artist announces a Rock show in Fargo: the fan's alert names the trip.
  await announceShow(performerPage, venuePage, 50);
  await fanPage.goto('/notifications');
  const item = fanPage
    .getByRole('list', { name: 'Alerts' })
    .getByRole('link', { name: /announced a show/ })
    .filter({ hasText: `Night Static ${performer.username}` });
  await expect(item).toBeVisible({ timeout: budget(10_000) });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(/Rock show (\d+|under 1) mi from Fargo, ND — your trip, /);
});
