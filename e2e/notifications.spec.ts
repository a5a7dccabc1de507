import { fanProfile, signedInUser, venueProfile } from './support/accounts.ts';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { announceShow, inDays, newPage, signedInId } from './support/shows.ts';
import { waitForHeaderToastsToGo } from './support/toasts.ts';

test('a fan watching an artist sees the announcement arrive live, reads it, and unsubscribes from alert emails with one click on the mail link', async ({
  browser,
}) => {
  const venuePage = await (await browser.newContext()).newPage();
  await signedInUser(venuePage, 'venue');
  const venueId = await signedInId(venuePage);
  const performerPage = await (await browser.newContext()).newPage();
  await signedInUser(performerPage, 'performer');
  const performerId = await signedInId(performerPage);
  const artist = (await (await performerPage.request.get(`/api/artists/${performerId}`)).json())
    .artist.name as string;

  const fanPage = await (await browser.newContext()).newPage();
  const fan = await signedInUser(fanPage, 'fan');
  const watch = await fanPage.request.put(`/api/artists/${performerId}/alert`, {
    data: { channels: ['email'] },
  });
  expect(watch.status(), await watch.text()).toBe(200);
  await fanPage.goto('/dashboard');
  const bell = fanPage.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // Announced in the performer's own browser, confirmed in the venue's; the fan's page is not
  // reloaded.
  const announced = await performerPage.request.post('/api/shows', {
    data: {
      performerId,
      venueId,
      externalVenue: null,
      startsAtLocal: inDays(45),
      ticketUrl: 'https://tickets.example/live',
      priceMin: null,
      priceMax: null,
      onSaleAtLocal: null,
      supportingActs: [],
      genre: null,
    },
  });
  expect(announced.status(), await announced.text()).toBe(201);
  // The venue's word makes it public and alerts the fan (show-confirmation.spec.ts drives this).
  const confirmed = await venuePage.request.post(
    `/api/shows/${(await announced.json()).show.id}/confirm`,
  );
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: budget(10_000) });

  // The live alert's toast covers the bell on a phone: the fan lets it go first.
  await waitForHeaderToastsToGo(fanPage);
  await bell.click();
  await expect(fanPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const alerts = fanPage.getByRole('list', { name: 'Alerts' });
  const item = alerts.getByRole('link', { name: new RegExp(`${artist} announced a show`) });
  await expect(item).toContainText(`You watch ${artist}`);
  await expect(item).toContainText('Unread');
  await expectNoSeriousA11yViolations(fanPage);
  await item.click();
  await expect(fanPage).toHaveURL(/\/shows\/[^/]+$/);
  // The public show page keeps the fan's bell, now with nothing unread.
  await expect(bell).toHaveAccessibleName('Notifications');
  await fanPage.goBack();
  await expect(fanPage.getByText('All caught up')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');

  // The same alert went out by email, with a one-click unsubscribe link that works at once.
  const mail = await waitForMail(fan.email, `${artist} announced a show`);
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = mail.text.match(/\/unsubscribe\?token=[^\s>]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link as string);
  // Opening the link changes nothing (a mail scanner opens links too): it takes the click.
  const button = visitor.getByRole('button', { name: 'Unsubscribe from alert emails' });
  await expect(button).toBeVisible();
  const before = await fanPage.request.get('/api/settings/fan');
  expect((await before.json()).notifications.email).toBe(true);
  await button.click();
  await expect(visitor.getByText('You will no longer get alert emails from Encore')).toBeVisible();
  const settings = await fanPage.request.get('/api/settings/fan');
  expect((await settings.json()).notifications.email).toBe(false);
});

test('a fan who chose the daily digest sees which alerts wait for it', async ({ browser }) => {
  // A town of its own (no other journey's venue or fan is near), so only this show reaches it.
  const missoula = { city: 'Missoula', state: 'MT', zipCode: '59801' };
  const venuePage = await newPage(browser);
  const venue = await signedInUser(venuePage, 'venue', { completeProfile: false });
  const saved = await venuePage.request.put('/api/profile/venue', {
    data: { ...venueProfile(venue), ...missoula },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const performerPage = await newPage(browser);
  await signedInUser(performerPage, 'performer');
  const artist = (
    await (
      await performerPage.request.get(`/api/artists/${await signedInId(performerPage)}`)
    ).json()
  ).artist.name as string;

  const fanPage = await newPage(browser);
  const fan = await signedInUser(fanPage, 'fan', { completeProfile: false });
  const profile = await fanPage.request.put('/api/profile/fan', {
    data: { ...fanProfile(fan), homeCity: missoula.city, zipCode: missoula.zipCode },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  // New shows of the fan's genres near home come once a day, chosen in Settings.
  await fanPage.goto('/settings/fan');
  await fanPage.getByRole('tab', { name: 'Notifications', exact: true }).click();
  await fanPage.getByRole('radio', { name: 'One daily digest' }).check();
  await fanPage.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(fanPage.getByText('Preferences saved')).toBeVisible();

  // A Rock show in Missoula: the fan's centre has it at once, and says its email waits.
  await announceShow(performerPage, venuePage, 40);
  await fanPage.goto('/notifications');
  const item = fanPage
    .getByRole('list', { name: 'Alerts' })
    .getByRole('link', { name: new RegExp(`${artist} announced a show`) });
  await expect(item).toBeVisible({ timeout: budget(10_000) });
  await expect(item).toContainText('In your next daily digest · Email');
  await expect(item).toContainText('Why: Rock show under 1 mi from Missoula, MT');
  await expectNoSeriousA11yViolations(fanPage);
});
