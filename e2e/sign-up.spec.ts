import { AUTH_MESSAGES, type TRole } from '@encore/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations, signUpViaApi, uniqueUser } from './support/fixtures.ts';

async function openSignUp(page: Page, role: TRole): Promise<void> {
  await page.goto('/landing');
  await page.getByRole('radio', { name: new RegExp(role, 'i') }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Join as a ${role}`)).toBeVisible();
}

async function fill(
  page: Page,
  values: { username: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel('Username').fill(values.username);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm Password').fill(values.confirm);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Create Account' }).click();

test('every sign-up rule shows its message under its field, and edits clear it', async ({
  page,
}) => {
  await openSignUp(page, 'fan');
  await fill(page, { username: 'ab', email: 'not-an-email', password: 'short', confirm: 'x' });
  await submit(page);
  await expect(page.getByText(AUTH_MESSAGES.usernameTooShort)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.invalidEmail)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.passwordTooShort)).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Username').fill('abc');
  await expect(page.getByText(AUTH_MESSAGES.usernameTooShort)).toBeHidden();

  const cases: Array<[string, string, string]> = [
    ['Username', 'a'.repeat(21), AUTH_MESSAGES.usernameTooLong],
    ['Username', 'bad name!', AUTH_MESSAGES.usernameCharacters],
    ['Password', 'lowercase1', AUTH_MESSAGES.passwordUppercase],
    ['Password', 'UPPERCASE1', AUTH_MESSAGES.passwordLowercase],
    ['Password', 'NoDigitsHere', AUTH_MESSAGES.passwordNumber],
  ];
  for (const [label, value, message] of cases) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await submit(page);
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Password', { exact: true }).fill('Valid1Password');
  await page.getByLabel('Confirm Password').fill('Different1Password');
  await submit(page);
  await expect(page.getByText(AUTH_MESSAGES.passwordsDontMatch)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/create-account$/);
});

test('password fields can be shown and hidden', async ({ page }) => {
  await page.goto('/auth/create-account');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show confirm password' }).click();
  await expect(page.getByLabel('Confirm Password')).toHaveAttribute('type', 'text');
});

for (const [role, setupPath] of [
  ['fan', '/profile/fan-setup'],
  ['performer', '/profile/performer-setup'],
  ['venue', '/profile/venue-setup'],
] as const) {
  test(`a new ${role} lands on their setup screen, signed in`, async ({ page }) => {
    const user = uniqueUser(role);
    await openSignUp(page, role);
    await fill(page, { ...user, confirm: user.password });
    await submit(page);
    await expect(page.getByText('Account created successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${setupPath}$`));
    const header = page.getByRole('banner');
    await expect(header.getByText(user.username)).toBeVisible();
    await expect(header.getByText(new RegExp(role, 'i'))).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The session survives a reload.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${setupPath}$`));
    await expect(page.getByRole('banner').getByText(user.username)).toBeVisible();
  });
}

test('a taken username or email is refused with the spec messages', {
  tag: '@any-viewport',
}, async ({ page, request }) => {
  const existing = uniqueUser('fan');
  await signUpViaApi(request, existing);

  await openSignUp(page, 'fan');
  const other = uniqueUser('fan');
  await fill(page, {
    username: existing.username.toUpperCase(),
    email: other.email,
    password: other.password,
    confirm: other.password,
  });
  await submit(page);
  await expect(page.getByText('Please choose a different username')).toBeVisible();
  await expect(page.getByText('Username already exists').first()).toBeVisible();

  await page.getByLabel('Username').fill(other.username);
  await page.getByLabel('Email').fill(existing.email.toUpperCase());
  await submit(page);
  await expect(page.getByText('Account creation failed')).toBeVisible();
  await expect(
    page.getByText('This email is already registered. Please login instead.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/create-account$/);
});

test('the button says Creating Account... while the request runs', {
  tag: '@any-viewport',
}, async ({ page }) => {
  const user = uniqueUser('fan');
  await page.route('**/api/account/sign-up', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/auth/create-account');
  await fill(page, { ...user, confirm: user.password });
  await submit(page);
  await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/profile\/fan-setup$/);
});

test('a network failure during sign-up says so and keeps the form', {
  tag: '@any-viewport',
}, async ({ page }) => {
  const user = uniqueUser('fan');
  await page.route('**/api/account/sign-up', (route) => route.abort('internetdisconnected'));
  await page.goto('/auth/create-account');
  await fill(page, { ...user, confirm: user.password });
  await submit(page);
  await expect(page.getByText('Network error. Please check your connection.')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(user.username);
});
