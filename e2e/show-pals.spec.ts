import type { Page } from '@playwright/test';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { twoFansGoing } from './support/social.ts';

/**
 * Two fans going to the same show meet on /social against the real server — one is
 * suggested to the other, asks, the other accepts — and a block takes the blocker out of the
 * blocked fan's lists until it is undone.
 */

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('two fans at the same show: suggested, asked, accepted; a block hides', async ({
  browser,
  page,
}) => {
  const { sam, alex, alexPage } = await twoFansGoing(browser, page, 20);

  // Sam finds Alex among the fans going where Sam goes, and asks.
  await page.goto('/social');
  await expect(page.getByRole('heading', { name: 'Show Pals', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Show Pals yet' })).toBeVisible();
  const suggested = section(page, 'People you may know').getByRole('article', {
    name: alex.username,
  });
  await expect(suggested).toContainText('1 show in common');
  await expectNoSeriousA11yViolations(page);
  await suggested.getByRole('button', { name: `Add ${alex.username}` }).click();
  await expect(page.getByText(`Request sent to ${alex.username}`)).toBeVisible();
  await expect(
    section(page, 'Sent requests').getByRole('article', { name: alex.username }),
  ).toBeVisible();
  await expect(
    section(page, 'People you may know').getByRole('article', { name: alex.username }),
  ).toHaveCount(0);

  // The request also went to Alex by email, with its own one-click unsubscribe:
  // the page it opens names Show Pals emails, and its click turns off those only.
  const requestMail = await waitForMail(alex.email, 'wants to be your Show Pal');
  expect(requestMail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = requestMail.text.match(/\/unsubscribe\?token=[^\s>]+/)?.[0];
  expect(link, requestMail.text).toBeTruthy();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link as string);
  await expect(visitor.getByRole('heading', { name: 'Show Pals emails', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await visitor.getByRole('button', { name: 'Unsubscribe from Show Pals emails' }).click();
  await expect(
    visitor.getByText('You will no longer get Show Pals emails from Encore'),
  ).toBeVisible();
  await expect(visitor.getByRole('status')).toContainText(`No more Show Pals emails go to`);
  const settings = (await (await alexPage.request.get('/api/settings/fan')).json()).notifications;
  expect(settings).toMatchObject({ email: true, showPals: true, showPalsEmail: false });

  // Alex sees the request and accepts: both are Show Pals with their show in common.
  await alexPage.goto('/social');
  const request = section(alexPage, 'Requests').getByRole('article', { name: sam.username });
  await expect(request).toBeVisible();
  await expectNoSeriousA11yViolations(alexPage);
  await request.getByRole('button', { name: `Accept ${sam.username}` }).click();
  await expect(alexPage.getByText(`You and ${sam.username} are now Show Pals`)).toBeVisible();
  await expect(
    section(alexPage, 'My Show Pals').getByRole('article', { name: sam.username }),
  ).toContainText('1 show in common');
  await page.reload();
  const pal = section(page, 'My Show Pals').getByRole('article', { name: alex.username });
  await expect(pal).toContainText('1 show in common');
  await expect(section(page, 'Sent requests')).toHaveCount(0);

  // Alex's name leads to Alex's profile: Public, so Sam sees the show Alex is going to.
  await pal.getByRole('link', { name: alex.username }).click();
  await expect(page.getByRole('heading', { name: alex.username, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/fans\/[^/]+$/);
  await expect(page.getByText('1 Show Pal', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Going to' }).getByRole('link')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.goBack();

  // Sam blocks Alex: gone from Sam's pals, and Sam from Alex's lists, suggestions included.
  await pal.getByRole('button', { name: `Block ${alex.username}` }).click();
  await expect(page.getByText(`${alex.username} is blocked`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Show Pals yet' })).toBeVisible();
  await alexPage.reload();
  await expect(alexPage.getByRole('heading', { name: 'No Show Pals yet' })).toBeVisible();
  await expect(alexPage.getByText(/No suggestions yet/)).toBeVisible();
  await expect(alexPage.getByRole('article', { name: sam.username })).toHaveCount(0);

  // Sam undoes it: Alex is a suggestion again (they still share the show), but not a pal.
  await section(page, 'Blocked')
    .getByRole('button', { name: `Unblock ${alex.username}` })
    .click();
  await expect(page.getByText(`${alex.username} is no longer blocked`)).toBeVisible();
  await expect(
    section(page, 'People you may know').getByRole('article', { name: alex.username }),
  ).toBeVisible();
});
