import type { Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';

/** A real 1x1 PNG, so the server's content sniffing accepts it. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadPhoto(
  page: Page,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByLabel(label, { exact: true }).setInputFiles(file);
}

test('a fan completes setup, lands on the dashboard, and finds the values saved', async ({
  page,
}) => {
  const user = await signedInUser(page, 'fan', { completeProfile: false });
  await page.goto('/profile/fan-setup');
  await expect(
    page.getByRole('heading', { name: 'Complete Your Profile', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Stats' })).toBeVisible();
  await expect(page.getByText('Reply STOP to opt out')).toBeVisible();
  await expect(page.getByText('25 miles')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Tag Name').fill('nightowl');
  await page.getByLabel('Age Range').selectOption('25-34');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Phone').fill('+1 212-555-0142');
  await expect(page.getByLabel('Phone')).toHaveValue('(212) 555-0142');
  await page.getByLabel('Send me show alerts by SMS').check();
  await page.getByLabel('Home City').fill('Brooklyn');
  await page.getByLabel('ZIP Code').fill('11211-4455');
  await expect(page.getByLabel('ZIP Code')).toHaveValue('11211');
  const radius = page.getByRole('slider', { name: 'Concert Radius' });
  await radius.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('35 miles')).toBeVisible();

  // No genre yet: the spec's toast, and nothing saved.
  await page.getByRole('button', { name: 'Complete Profile Setup' }).click();
  await expect(page.getByText('Please select at least one favorite genre')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/fan-setup$/);

  await page.getByRole('button', { name: 'Jazz', exact: true }).click();
  await page.getByRole('button', { name: 'Metal', exact: true }).click();
  await uploadPhoto(page, 'Profile Photo', {
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG_1PX,
  });
  await expect(page.getByRole('img', { name: 'Profile Photo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete Profile Setup' }).click();
  await expect(page.getByText('Profile complete!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile/fan-setup');
  await expect(page.getByLabel('Tag Name')).toHaveValue('nightowl');
  await expect(page.getByLabel('Gender')).toHaveValue('female');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expect(page.getByText('35 miles')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Jazz', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('img', { name: 'Profile Photo preview' })).toBeVisible();
});

test('a performer completes setup and lands on the performer dashboard', async ({ page }) => {
  await signedInUser(page, 'performer', { completeProfile: false });
  await page.goto('/profile/performer-setup');
  await expect(page.getByLabel('Years Active')).toHaveValue('1');
  await expect(page.getByLabel('Average Show Length')).toHaveValue('1 hour');
  await expect(page.getByLabel('Typical Venue Capacity')).toHaveValue('100-500');

  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByText('Artist name is required')).toBeVisible();

  await page.getByLabel('Artist Name').fill('Night Static');
  await page.getByLabel('Bio').fill('Post-punk from Philly.');
  await expect(page.getByText('22/500')).toBeVisible();
  await page.getByRole('button', { name: 'Rock', exact: true }).click();
  await page.getByLabel('Email', { exact: true }).fill('band@nightstatic.example');
  await page.getByLabel('Phone', { exact: true }).fill('(215) 555-0199');
  await page.getByLabel('Instagram Handle').fill('@night.static');
  await page.getByRole('switch', { name: 'Currently Touring' }).click();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByText('Welcome to Encore')).toBeVisible();
  await expect(page).toHaveURL(/\/performer-dashboard$/);

  await page.goto('/profile/performer-setup');
  await expect(page.getByLabel('Artist Name')).toHaveValue('Night Static');
  await expect(page.getByLabel('Instagram Handle')).toHaveValue('night.static');
  await expect(page.getByRole('switch', { name: 'Currently Touring' })).toBeChecked();
});

test('a venue completes setup with the spec defaults and lands on the venue dashboard', async ({
  page,
}) => {
  await signedInUser(page, 'venue', { completeProfile: false });
  await page.goto('/profile/venue-setup');
  await expect(page.getByLabel('Max Capacity')).toHaveValue('100');
  await expect(page.getByLabel('Venue Type')).toHaveValue('club');
  await expect(page.getByLabel('Age Restriction')).toHaveValue('21+');
  await expect(page.getByLabel('Booking Lead Time')).toHaveValue('1 month');
  await expect(page.getByLabel('Typical Show Time')).toHaveValue('20:00');

  await page.getByLabel('Venue Name').fill('The Lantern');
  await page.getByLabel('Street Address').fill('12 Water Street');
  await page.getByLabel('City', { exact: true }).fill('Chicago');
  // A state's name becomes its code, and the field names the state it holds.
  await page.getByLabel('State', { exact: true }).fill('illinois');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('IL');
  await expect(page.getByText('Illinois', { exact: true })).toBeVisible();
  await page.getByLabel('State', { exact: true }).fill('il');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('IL');
  // A pasted ZIP is stripped to digits before it is cut to five.
  await page.getByLabel('ZIP Code').fill('60ab601234');
  await expect(page.getByLabel('ZIP Code')).toHaveValue('60601');
  await page.getByLabel('Venue Phone').fill('3125550110');
  await page.getByLabel('Booking Contact Name').fill('Dana Reyes');
  await page.getByLabel('Booking Email').fill('booking@lantern.example');
  await page.getByLabel('Booking Phone').fill('3125550111');
  await page.getByLabel('Stage').check();

  await page.getByRole('button', { name: 'Complete Venue Profile' }).click();
  await expect(page.getByText('Please select at least one operating day')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/venue-setup$/);

  await page.getByRole('button', { name: 'Friday', exact: true }).click();
  await page.getByRole('button', { name: 'Complete Venue Profile' }).click();
  await expect(page).toHaveURL(/\/venue-dashboard$/);
  await page.goto('/profile/venue-setup');
  await expect(page.getByLabel('Venue Name')).toHaveValue('The Lantern');
  await expect(page.getByLabel('Stage')).toBeChecked();
});

test('photo upload refuses a text file and a 6 MB image with the spec messages', {
  tag: '@any-viewport',
}, async ({ page }) => {
  await signedInUser(page, 'venue', { completeProfile: false });
  await page.goto('/profile/venue-setup');
  await uploadPhoto(page, 'Venue Photo', {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Invalid file type')).toBeVisible();
  await expect(page.getByText('Please select an image file (JPG or PNG)')).toBeVisible();

  const sixMegabytes = Buffer.alloc(6 * 1024 * 1024, 0);
  PNG_1PX.copy(sixMegabytes);
  await uploadPhoto(page, 'Venue Photo', {
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: sixMegabytes,
  });
  await expect(page.getByText('File too large')).toBeVisible();
  await expect(page.getByText('Image must be less than 5MB')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Venue Photo preview' })).toHaveCount(0);
});
