import { fanProfile, signedInUser } from './support/accounts.ts';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { newPage, signedInId } from './support/shows.ts';
import { waitForHeaderToastsToGo } from './support/toasts.ts';

test('a performer previews and sends a message; a watching fan reads it in the notification centre and mutes the artist', async ({
  browser,
}) => {
  const performerPage = await newPage(browser);
  await signedInUser(performerPage, 'performer');
  const performerId = await signedInId(performerPage);
  const artist = (await (await performerPage.request.get(`/api/artists/${performerId}`)).json())
    .artist.name as string;
  const fanPage = await newPage(browser);
  const fanUser = await signedInUser(fanPage, 'fan');
  // Far from every other journey's shows (their fans live in Brooklyn and like Rock): a show
  // another journey announces meanwhile must not alert this fan, whose bell is counted exactly.
  const away = await fanPage.request.put('/api/profile/fan', {
    data: {
      ...fanProfile(fanUser),
      homeCity: 'Anchorage',
      zipCode: '99501',
      favoriteGenres: ['Jazz'],
    },
  });
  expect(away.status(), await away.text()).toBe(200);
  const watch = await fanPage.request.put(`/api/artists/${performerId}/alert`, {
    data: { channels: ['email'] },
  });
  expect(watch.status(), await watch.text()).toBe(200);

  await performerPage.goto('/performer-dashboard');
  const card = performerPage.getByRole('heading', { name: 'Message your followers' });
  await expect(card).toBeVisible();
  const message = performerPage.getByLabel('Message');
  // Blank: the message's own rule, under the field.
  await performerPage.getByRole('button', { name: 'Preview reach' }).click();
  await expect(performerPage.getByText('Write a message')).toBeVisible();
  await message.fill('Presale code ECHO24 — tickets Friday at 10');
  await performerPage.getByRole('button', { name: 'Preview reach' }).click();
  // One follower: under 5, never told exactly.
  await expect(performerPage.getByText(/This message will reach/)).toHaveText(
    'This message will reach fewer than 5 fans.',
  );
  await expectNoSeriousA11yViolations(performerPage);
  // The fan is on their dashboard, its bell streaming, when the message goes.
  await fanPage.goto('/dashboard');
  const bell = fanPage.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await performerPage.getByRole('button', { name: 'Send message' }).click();
  const sent = performerPage.getByRole('region', { name: 'Sent messages' });
  await expect(sent.getByText('Presale code ECHO24 — tickets Friday at 10')).toBeVisible();
  await expect(sent.getByText(/All followers · reached fewer than 5 fans/)).toBeVisible();

  // Live: the bell counts it with no reload (the stream, test/alerts/artist-message-stream.test.ts),
  // and leads to the centre.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: budget(10_000) });
  // On a phone a toast comes down over the bell: let it go first, as a person would.
  await waitForHeaderToastsToGo(fanPage);
  await bell.click();
  await expect(fanPage).toHaveURL(/\/notifications$/);
  const item = fanPage.getByRole('link', { name: new RegExp(`Message from ${artist}`) });
  await expect(item).toContainText('Presale code ECHO24');
  await expect(item).toContainText(`Why: You watch ${artist}`);
  await fanPage.getByRole('button', { name: 'Message options' }).click();
  await fanPage.getByRole('button', { name: `Mute ${artist}` }).click();
  await expect(fanPage.getByText('Messages from this artist are muted')).toBeVisible();
  // The menu closes; opened again, it offers to undo.
  await fanPage.getByRole('button', { name: 'Message options' }).click();
  await expect(fanPage.getByRole('button', { name: `Unmute ${artist}` })).toBeVisible();
  await expectNoSeriousA11yViolations(fanPage);
  const mutes = await fanPage.request.get('/api/artist-mutes');
  expect((await mutes.json()).items).toEqual([{ performerId, artistName: artist }]);

  // The mute is undone in settings too.
  await fanPage.goto('/settings/fan');
  await fanPage.getByRole('tab', { name: 'Notifications', exact: true }).click();
  const unmute = fanPage.getByRole('button', { name: `Unmute ${artist}` });
  await unmute.click();
  await expect(unmute).toBeHidden();
});
