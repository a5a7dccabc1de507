import type { Page } from '@playwright/test';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { twoFansGoing } from './support/social.ts';
import { waitForHeaderToastsToGo } from './support/toasts.ts';

/**
 * Show Pals notices arrive live (no reload) — a request, its acceptance, a
 * going-together invite answered Going from the notification centre — and Private hides a pal
 * from the pals going on a show.
 */

const bellOf = (page: Page) => page.getByRole('link', { name: /^Notifications/ });

test('a request, its acceptance and a going-together invite arrive live; Going from the centre; Private hides', async ({
  browser,
  page,
}) => {
  // Both going to the show: Alex is among Sam's suggestions.
  const { showId, sam, alex, alexPage } = await twoFansGoing(browser, page, 30);

  // Alex waits on the dashboard, with the bell, and is not reloaded from here on.
  await alexPage.goto('/dashboard');
  const alexBell = bellOf(alexPage);
  await expect(alexBell).toHaveAccessibleName('Notifications');

  // Sam asks from /social; Alex's bell counts it at once.
  await page.goto('/social');
  const samBell = bellOf(page);
  await expect(samBell).toHaveAccessibleName('Notifications');
  await page
    .getByRole('region', { name: 'People you may know', exact: true })
    .getByRole('button', { name: `Add ${alex.username}` })
    .click();
  await expect(page.getByText(`Request sent to ${alex.username}`)).toBeVisible();
  await expect(alexBell).toHaveAccessibleName('Notifications, 1 unread', {
    timeout: budget(10_000),
  });

  // Alex opens it from the centre and accepts on /social; Sam's bell counts the acceptance live.
  // On a phone a toast comes down over the bell: let it go first, as a person would.
  await waitForHeaderToastsToGo(alexPage);
  await alexBell.click();
  const alexAlerts = alexPage.getByRole('list', { name: 'Alerts' });
  const request = alexAlerts.getByRole('link', {
    name: new RegExp(`${sam.username} wants to be your Show Pal`),
  });
  await expect(request).toBeVisible();
  await expectNoSeriousA11yViolations(alexPage);
  await request.click();
  await expect(alexPage).toHaveURL(/\/social$/);
  await alexPage
    .getByRole('region', { name: 'Requests', exact: true })
    .getByRole('button', { name: `Accept ${sam.username}` })
    .click();
  await expect(alexPage.getByText(`You and ${sam.username} are now Show Pals`)).toBeVisible();
  await expect(samBell).toHaveAccessibleName('Notifications, 1 unread', {
    timeout: budget(10_000),
  });
  // Alex goes back to the centre (the app's own navigation: the stream stays open).
  // On a phone a toast comes down over the bell: let it go first, as a person would.
  await waitForHeaderToastsToGo(alexPage);
  await alexBell.click();
  await expect(request).toBeVisible();

  // Sam, going, invites Alex from the show page. A pal already going gets no invite, so Alex
  // first takes back their own Going.
  const unmark = await alexPage.request.put(`/api/shows/${showId}/attendance`, {
    data: { status: null },
  });
  expect(unmark.status(), await unmark.text()).toBe(200);
  await page.goto(`/shows/${showId}`);
  await page.getByRole('button', { name: 'Invite pals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite pals' });
  await dialog.getByRole('checkbox', { name: new RegExp(alex.username) }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send invites' }).click();
  await expect(page.getByText('Invited 1 pal')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The invite reaches Alex's open centre live; Alex answers Going there, without leaving it.
  const invite = alexAlerts
    .getByRole('listitem')
    .filter({ hasText: `${sam.username} is going to` });
  await expect(invite).toBeVisible({ timeout: budget(10_000) });
  await expect(invite).toContainText('join?');
  await invite.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(invite).toContainText("You're going");
  await expect(invite.getByRole('button', { name: 'Going', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(alexPage);

  // Sam's show page names Alex among the pals going.
  await page.reload();
  await expect(page.getByText(`${alex.username} is going`)).toBeVisible();

  // Alex goes Private: Sam's page no longer names Alex going, pal or not.
  const privacy = await alexPage.request.put('/api/settings/privacy', {
    data: { visibility: 'private', showAttendance: true, allowFriendRequests: true },
  });
  expect(privacy.status(), await privacy.text()).toBe(200);
  await page.reload();
  // Still counted (2 fans going), never named.
  await expect(page.getByRole('heading', { name: '2 fans going' })).toBeVisible();
  await expect(page.getByText(`${alex.username} is going`)).toHaveCount(0);
});
