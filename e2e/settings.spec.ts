import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations, loginViaUi } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { waitForHeaderToastsToGo } from './support/toasts.ts';

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** Reloads: the open tab is kept (it lives in the URL's ?tab=), then goes back to the first one. */
async function reloadOn(page: Page, openTabName: string) {
  await page.reload();
  await expect(page.getByRole('tab', { name: openTabName, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab').first().click();
}

/**
 * Clicks a save button and waits until the server stored the change, then for the toast. The
 * toast alone is not proof: the previous save's toast may still be on screen.
 */
async function save(page: Page, button: string, toast: string) {
  const stored = page.waitForResponse(
    (r) => r.url().includes('/api/') && r.request().method() !== 'GET' && r.ok(),
  );
  await page.getByRole('button', { name: button }).click();
  await stored;
  await expect(page.getByText(toast).first()).toBeVisible();
}

test('fan settings: every tab saves and survives a reload', async ({ page }) => {
  await signedInUser(page, 'fan');
  await page.goto('/settings/fan');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The home is a ZIP: the server names its city, so what alerts say matches where they measure.
  await expect(page.getByLabel('ZIP Code')).toHaveValue('11211');
  await expect(page.getByText('Shows are matched around Brooklyn, NY 11211.')).toBeVisible();
  await page.getByLabel('ZIP Code').fill('11354');
  await page.getByRole('slider', { name: 'Concert Radius' }).fill('50');
  await page.getByRole('button', { name: 'Jazz' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your changes have been saved')).toBeVisible();
  await expect(page.getByText('Shows are matched around Flushing, NY 11354.')).toBeVisible();

  await openTab(page, 'Notifications');
  await page.getByRole('switch', { name: 'SMS Notifications' }).click();
  await page.getByRole('switch', { name: 'Price Drops' }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();

  await openTab(page, 'Privacy');
  await page.getByLabel('Profile Visibility').selectOption('friends');
  await page.getByRole('switch', { name: 'Allow Friend Requests' }).click();
  await save(page, 'Save Privacy Settings', 'Preferences saved');

  await reloadOn(page, 'Privacy');
  await expect(page.getByLabel('ZIP Code')).toHaveValue('11354');
  await expect(page.getByRole('slider', { name: 'Concert Radius' })).toHaveValue('50');
  await expect(page.getByRole('button', { name: 'Jazz' })).toHaveAttribute('aria-pressed', 'true');
  await openTab(page, 'Notifications');
  await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Price Drops' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'New Shows' })).toBeChecked();
  await openTab(page, 'Privacy');
  await expect(page.getByLabel('Profile Visibility')).toHaveValue('friends');
  await expect(page.getByRole('switch', { name: 'Allow Friend Requests' })).not.toBeChecked();

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('performer settings: profile and booking save; analytics shows real figures', async ({
  page,
}) => {
  await signedInUser(page, 'performer');
  await page.goto('/settings/performer');
  await page.getByLabel('Bio').fill('Now a five-piece.');
  await expect(page.getByText('17/500')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your changes have been saved')).toBeVisible();

  await openTab(page, 'Booking');
  await page.getByLabel('Website URL').fill('not a url');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a valid URL', { exact: false })).toBeVisible();
  await page.getByLabel('Website URL').fill('https://nightstatic.example');
  await save(page, 'Save Changes', 'Your changes have been saved');

  await reloadOn(page, 'Booking');
  await expect(page.getByLabel('Bio')).toHaveValue('Now a five-piece.');
  await openTab(page, 'Booking');
  await expect(page.getByLabel('Website URL')).toHaveValue('https://nightstatic.example');
  await openTab(page, 'Analytics');
  await expect(page.getByText('Total Followers')).toBeVisible();
  await expect(page.getByText('Member Since')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('venue settings: info, amenities and booking save and survive a reload', async ({ page }) => {
  await signedInUser(page, 'venue');
  await page.goto('/settings/venue');
  await page.getByLabel('State').fill('wi');
  await expect(page.getByLabel('State')).toHaveValue('WI');
  await page.getByLabel('City').fill('Milwaukee');
  await page.getByLabel('ZIP Code').fill('53202');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your changes have been saved')).toBeVisible();

  await openTab(page, 'Amenities');
  await expect(page.getByText('To change amenities, return to profile setup.')).toBeVisible();
  await page.getByLabel('Max Capacity').fill('450');
  await save(page, 'Save Changes', 'Your changes have been saved');

  await openTab(page, 'Booking');
  await page.getByLabel('Booking Contact Name').fill('Sam Ortiz');
  await save(page, 'Save Changes', 'Your changes have been saved');

  await reloadOn(page, 'Booking');
  await expect(page.getByLabel('City')).toHaveValue('Milwaukee');
  await openTab(page, 'Amenities');
  await expect(page.getByLabel('Max Capacity')).toHaveValue('450');
  await openTab(page, 'Booking');
  await expect(page.getByLabel('Booking Contact Name')).toHaveValue('Sam Ortiz');
});

test('a changed password is the one that logs in', { tag: '@any-viewport' }, async ({
  page,
  browser,
}) => {
  const user = await signedInUser(page, 'fan');
  await page.goto('/settings/fan');
  await openTab(page, 'Security');
  await page.getByLabel('Current Password', { exact: true }).fill('Wrong1Password');
  await page.getByLabel('New Password', { exact: true }).fill('Brand1NewPass');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Brand1NewPass');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await page.getByLabel('Current Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  const fresh = await browser.newPage();
  await loginViaUi(fresh, user);
  await expect(fresh.getByText('Invalid email or password')).toBeVisible();
  await loginViaUi(fresh, { ...user, password: 'Brand1NewPass' });
  await expect(fresh).toHaveURL(/\/dashboard$/);
  await fresh.close();
});

test('a changed email logs in once its link is opened; until then the old one does', {
  tag: '@any-viewport',
}, async ({ page, browser }) => {
  const user = await signedInUser(page, 'fan');
  const next = `new.${user.email}`;
  await page.goto('/settings/fan');
  await page.getByLabel('Email', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const sentTo = `We sent a link to ${next} — your email changes when you open it`;
  await expect(page.getByRole('status').filter({ hasText: sentTo }).first()).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail(next, 'Confirm your new Encore email address');
  const link = /http\S+\/account\/confirm-email#token=\S+/.exec(mail.text)?.[0] ?? '';
  expect(link).not.toBe('');
  // A context of its own: axe scans only pages made by browser.newContext().
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await loginViaUi(other, { ...user, email: next });
  await expect(other.getByText('Invalid email or password')).toBeVisible();

  // Opened signed out, as from another device's mail app: every session of the account ends.
  await other.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(other.getByText('Email changed')).toBeVisible();
  await expect(other.getByText(next)).toBeVisible();
  await expect(other.getByText("You've been signed out on your other devices.")).toBeVisible();
  await expectNoSeriousA11yViolations(other);
  await loginViaUi(other, { ...user, email: next });
  await expect(other).toHaveURL(/\/dashboard$/);
  await otherContext.close();

  const notice = await waitForMail(user.email, 'Your Encore email address was changed');
  expect(notice.text).toContain(`Your Encore email was changed to n***@`);
  // The browser that asked was signed out with the rest; the new address signs it back in.
  await page.goto('/settings/fan?tab=security');
  await expect(page).toHaveURL(/\/landing$/);
  await loginViaUi(page, { ...user, email: next });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/fan?tab=security');
  await expect(page.getByText(next)).toBeVisible();
});

test("a performer changes the login email in Security; the profile's contact email stays", {
  tag: '@any-viewport',
}, async ({ page, browser }) => {
  const user = await signedInUser(page, 'performer');
  const next = `login.${user.email}`;
  await page.goto('/settings/performer?tab=security');
  await page.getByLabel('New Login Email', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
  const sentTo = `We sent a link to ${next} — your email changes when you open it`;
  await expect(page.getByRole('status').filter({ hasText: sentTo })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail(next, 'Confirm your new Encore email address');
  const link = /http\S+\/account\/confirm-email#token=\S+/.exec(mail.text)?.[0] ?? '';
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(other.getByText('Email changed')).toBeVisible();
  await loginViaUi(other, { ...user, email: next });
  await expect(other).toHaveURL(/\/performer-dashboard$/);
  await otherContext.close();

  // Confirmed signed out: this browser's session ended too.
  await loginViaUi(page, { ...user, email: next });
  await expect(page).toHaveURL(/\/performer-dashboard$/);
  await page.goto('/settings/performer?tab=security');
  await expect(page.getByText(next)).toBeVisible();
  // The band's contact address was the old login; it is the profile's, so it stays.
  await page.goto('/settings/performer');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
});

test('Export My Data downloads a file holding the account and profile', {
  tag: '@any-viewport',
}, async ({ page }) => {
  const user = await signedInUser(page, 'venue');
  await page.goto('/settings/venue');
  await openTab(page, 'Account');
  await expect(page.getByText('User ID')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export My Data' }).click();
  const download = await downloading;
  const file = await download.path();
  const text = await readFile(file, 'utf8');
  expect(text).toContain(user.email);
  expect(text).toContain('The Lantern');
  expect(text).not.toMatch(/argon2/);
});

test('deleting the account removes it: login fails afterwards', { tag: '@any-viewport' }, async ({
  page,
}) => {
  const user = await signedInUser(page, 'performer');
  await page.goto('/settings/performer');
  await openTab(page, 'Account');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(
    dialog.getByText('Are you sure you want to delete your account? This action cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Your account has been permanently deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/landing$/);

  await loginViaUi(page, user);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('feedback from a dashboard is sent, blank fields are refused', async ({ page }) => {
  await signedInUser(page, 'venue');
  await page.goto('/venue-dashboard');
  await page.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feedback & Support' });
  await expect(
    dialog.getByText('We typically respond within 24 hours', { exact: false }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please fill in all fields')).toBeVisible();
  await dialog.getByLabel('Subject').fill('Door times');
  await dialog.getByLabel('Message').fill('Can fans see our door times?');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you! Our team will review your message.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await waitForHeaderToastsToGo(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/venue$/);
});
