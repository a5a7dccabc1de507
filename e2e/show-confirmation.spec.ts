import { performerProfile, signedInUser, venueProfile } from './support/accounts.ts';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { inDays, signedInId } from './support/shows.ts';
import { waitForHeaderToastsToGo } from './support/toasts.ts';

test('a venue lists a performer for a show; it stays off the artist page until the performer, told in its bell and by email, confirms it from Your Shows', async ({
  browser,
}) => {
  const performerPage = await (await browser.newContext()).newPage();
  const performer = await signedInUser(performerPage, 'performer');
  const performerId = await signedInId(performerPage);
  const artist = performerProfile(performer).artistName;

  // The venue announces through its own form, picking the performer from the directory.
  const venuePage = await (await browser.newContext()).newPage();
  const venue = await signedInUser(venuePage, 'venue');
  const venueName = venueProfile(venue).venueName;
  await venuePage.goto('/my-shows/new');
  await venuePage.getByRole('combobox', { name: 'Performer' }).fill(artist);
  await venuePage.getByRole('option', { name: new RegExp(performer.username) }).click();
  await venuePage.getByLabel('Date and Time', { exact: true }).fill(inDays(60));
  await venuePage.getByRole('button', { name: 'Announce Show' }).click();
  await expect(venuePage.getByText(`${artist} will be asked to confirm it`)).toBeVisible();
  await expect(venuePage).toHaveURL(/\/my-shows$/);
  const venueCard = venuePage.getByRole('article', { name: artist });
  await expect(venueCard).toContainText(`Waiting for ${artist} to confirm`);

  // Nobody else sees it yet: not on the artist page.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/artists/${performerId}`);
  await expect(visitor.getByRole('heading', { name: artist, level: 1 })).toBeVisible();
  await expect(visitor.getByText(venueName)).toHaveCount(0);

  // The performer hears of it: by email, and in its bell.
  const mail = await waitForMail(performer.email, `${venueName} listed you for`);
  expect(mail.subject).toMatch(/ — Confirm \/ Decline$/);
  expect(mail.text).toContain('/my-shows');
  await performerPage.goto('/performer-dashboard');
  const bell = performerPage.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: budget(10_000) });
  // On a phone a toast comes down over the bell: let it go first, as a person would.
  await waitForHeaderToastsToGo(performerPage);
  await bell.click();
  const notice = performerPage
    .getByRole('list', { name: 'Notices' })
    .getByRole('link', { name: new RegExp(`${venueName} listed you for`) });
  await expect(notice).toContainText('until you confirm it in Your Shows');
  await expectNoSeriousA11yViolations(performerPage);
  await notice.click();

  await expect(performerPage).toHaveURL(/\/my-shows$/);
  const waiting = performerPage.getByRole('region', { name: 'Waiting for your confirmation' });
  const card = waiting.getByRole('article', { name: artist });
  await expect(card).toContainText(`${venueName} listed you for this show`);
  await expectNoSeriousA11yViolations(performerPage);
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(performerPage.getByText('Show confirmed')).toBeVisible();
  await expect(
    performerPage.getByRole('region', { name: 'Upcoming' }).getByRole('article', { name: artist }),
  ).toBeVisible();
  await expect(waiting).toHaveCount(0);

  // Now it is public: on the artist page, and the venue no longer waits.
  await visitor.reload();
  await expect(visitor.getByText(venueName).first()).toBeVisible();
  await venuePage.reload();
  await expect(venuePage.getByRole('article', { name: artist })).not.toContainText('Waiting for');
});
