import { LOCATION_MESSAGES } from '@encore/contract';
import type { BrowserContext, Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';

// The Chicago Loop: far from the test fan's Brooklyn home (accounts.ts), nearest ZIP 60603.
const LOOP = { latitude: 41.8781, longitude: -87.6298 };

async function home(page: Page) {
  const { profile } = await (await page.request.get('/api/profile/fan')).json();
  return `${profile.homeCity} ${profile.zipCode}`;
}

/** A new fan whose browser shares its position: the permission granted, the position set. */
async function fanSharing(context: BrowserContext, page: Page) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(LOOP);
  await signedInUser(page, 'fan');
}

test('from the Finish setting up card, the fan shares the position and makes it the home', async ({
  context,
  page,
}) => {
  await fanSharing(context, page);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Finish setting up' });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'Finish setup' }).click();

  await expect(page).toHaveURL(/\/onboarding\/location$/);
  await expect(page.getByRole('heading', { name: 'Enable Location', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Allow Location Tracking' }).click();
  await expect(page.getByText('Chicago, IL 60603')).toBeVisible();
  await expect(page.getByText('Brooklyn, NY 11211')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Make Chicago, IL my home' }).click();

  await expect(page).toHaveURL(/\/onboarding\/spotify$/);
  expect(await home(page)).toBe('Chicago 60603');
  const stored = await (await page.request.get('/api/fan/location')).json();
  expect(stored.location).toMatchObject({ ...LOOP, city: 'Chicago', source: 'device' });

  // The step is done, so the card has gone.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next Show' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Finish setting up' })).toHaveCount(0);
});

test('keeping the home after sharing the position leaves the profile as it was', async ({
  context,
  page,
}) => {
  await fanSharing(context, page);
  await page.goto('/onboarding/location');
  await page.getByRole('button', { name: 'Allow Location Tracking' }).click();
  await page.getByRole('button', { name: 'Keep Brooklyn, NY' }).click();
  await expect(page).toHaveURL(/\/onboarding\/spotify$/);
  expect(await home(page)).toBe('Brooklyn 11211');
});

test('when the browser refuses, the step says so, uses New York, and keeps the home', async ({
  context,
  page,
}) => {
  // No permission granted: headless Chromium answers the prompt with a refusal.
  await context.clearPermissions();
  await signedInUser(page, 'fan');
  await page.goto('/onboarding/location');
  await page.getByRole('button', { name: 'Allow Location Tracking' }).click();
  await expect(page.getByText(LOCATION_MESSAGES.denied)).toBeVisible();
  await expect(page.getByText(LOCATION_MESSAGES.usingNewYork)).toBeVisible();
  await expect(page.getByText('Your home for alerts stays Brooklyn, NY.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/spotify$/);

  const stored = await (await page.request.get('/api/fan/location')).json();
  expect(stored.location).toMatchObject({ city: 'New York', source: 'fallback' });
  expect(await home(page)).toBe('Brooklyn 11211');
});

test('the Finish setting up card shows once, and once dismissed stays gone after a reload', async ({
  page,
}) => {
  await signedInUser(page, 'fan');
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Finish setting up' });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(card).toHaveCount(0);
  // Stored on the server: a reload (or another device) does not bring it back.
  await expect
    .poll(async () => (await (await page.request.get('/api/fan/finish-setup')).json()).visible)
    .toBe(false);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Next Show' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Finish setting up' })).toHaveCount(0);
});

test('Skip for now goes to the music provider step and the card does not come back', async ({
  page,
}) => {
  await signedInUser(page, 'fan');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Finish setup' }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/onboarding\/spotify$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Next Show' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Finish setting up' })).toHaveCount(0);
});
