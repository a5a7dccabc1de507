import {
  fanIn,
  performerProfile,
  signedInUser,
  type Town,
  venueIn,
  venueProfile,
} from './support/accounts.ts';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { moveShowToPast } from './support/db.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow, newPage, signedInId } from './support/shows.ts';

/**
 * The loop none of the incumbents closes (issue 35): a fan asks for a show near home, the
 * artist sees the ask on the dashboard and in the tour planner's why-line, books the venue from
 * the plan, the venue confirms the night as a show, and the fan who asked is told first, with
 * why; the request is then closed. Accounts and the venue's history are set up through the API;
 * the steps of the loop are driven in the browser. It runs on desktop only (@any-viewport: the
 * loop is between accounts, and each screen it passes has a phone journey of its own); each
 * project keeps a town of its own all the same, so a run on both never crosses requests.
 */
const TOWNS: Record<'phone' | 'desktop', Town> = {
  phone: { city: 'Missoula', state: 'MT', zipCode: '59802' },
  desktop: { city: 'Bozeman', state: 'MT', zipCode: '59715' },
};

// Four accounts, a plan and two axe scans: a budget, not a speed goal.
test.describe.configure({ timeout: budget(120_000) });

test(
  'a fan asks for a show; the artist sees it on the dashboard and in the plan, books the venue, the venue confirms, and the fan is told first why',
  { tag: '@any-viewport' },
  async ({ browser }, testInfo) => {
    const town = testInfo.project.name === 'phone' ? TOWNS.phone : TOWNS.desktop;

    // The venue in the town, and the artist, with one past Rock show there: the planner proposes
    // only rooms that have hosted the artist's genres.
    const venuePage = await newPage(browser);
    const venueName = venueProfile(await venueIn(venuePage, town)).venueName;
    const performerPage = await newPage(browser);
    const performer = await signedInUser(performerPage, 'performer');
    const artist = performerProfile(performer).artistName;
    const performerId = await signedInId(performerPage);
    await moveShowToPast(await announceShow(performerPage, venuePage, 10), 60);

    // The fan lives in the town and asks on the artist's page.
    const fanPage = await newPage(browser);
    await fanIn(fanPage, town);
    await fanPage.goto(`/artists/${performerId}`);
    await fanPage.getByRole('button', { name: 'Request a show near me' }).click();
    await expect(fanPage.getByText('Requested', { exact: true })).toBeVisible();
    await expect(fanPage.getByText(`A few fans asked for ${town.city}`)).toBeVisible();

    // The artist sees the town on the dashboard (one asker: "a few")…
    await performerPage.goto('/performer-dashboard');
    const requests = performerPage.getByRole('region', { name: 'Show requests' });
    await expect(requests.getByRole('listitem')).toHaveText([
      `${town.city}, ${town.state}a few fans`,
    ]);

    // …and in the plan: the venue's why-line names the ask.
    await performerPage.getByRole('button', { name: 'Launch AI Agent' }).click();
    const dialog = performerPage.getByRole('dialog');
    await dialog.getByLabel('Your tour').fill(`1 show in ${town.city}, ${town.state} in October`);
    await dialog.getByRole('button', { name: 'Plan my tour' }).click();
    await expect(performerPage.getByText('AI Agent analysis complete')).toBeVisible({
      timeout: budget(20_000),
    });
    const planned = dialog
      .getByRole('region', { name: 'Venues' })
      .getByRole('article')
      .filter({ has: performerPage.getByRole('heading', { name: venueName }) });
    await expect(planned).toContainText(`A few fans asked for a ${town.city} show`);
    await expectNoSeriousA11yViolations(performerPage);

    // The booking request for the planned night.
    await planned.getByRole('button', { name: 'Send booking request' }).click();
    const request = performerPage.getByRole('dialog', { name: `Booking request to ${venueName}` });
    await request.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(performerPage.getByText('Booking request sent')).toBeVisible();
    await expect(planned.getByText('Requested')).toBeVisible();

    // The venue holds the night, then confirms it as a show.
    await venuePage.goto('/my-shows');
    const card = venuePage
      .getByRole('region', { name: 'Booking requests' })
      .getByRole('article')
      .filter({ hasText: artist });
    await expect(card).toContainText('Requested');
    await card.getByRole('button', { name: 'Hold date' }).click();
    await expect(card).toContainText('Date held');
    await card.getByRole('button', { name: 'Confirm as show' }).click();
    const confirm = venuePage.getByRole('dialog', { name: 'Confirm as show' });
    await expect(confirm.getByLabel('Start Time')).toHaveValue('20:00');
    await confirm.getByRole('button', { name: 'Confirm Show' }).click();
    await expect(venuePage.getByText('Show confirmed', { exact: true }).first()).toBeVisible();
    await expect(card).toContainText('Confirmed');

    // The fan who asked is told, with why, in the notification centre.
    await fanPage.goto('/notifications');
    const alert = fanPage
      .getByRole('list', { name: 'Alerts' })
      .getByRole('link', { name: /announced a show/ })
      .filter({ hasText: `You asked for a show in ${town.city}` });
    await expect(alert).toBeVisible({ timeout: budget(10_000) });
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText(artist);
    await expectNoSeriousA11yViolations(fanPage);

    // Answered, the request is closed: the artist page offers to ask again, the card is empty.
    await fanPage.goto(`/artists/${performerId}`);
    await expect(fanPage.getByRole('button', { name: 'Request a show near me' })).toBeVisible();
    await performerPage.goto('/performer-dashboard');
    await expect(requests.getByText('No fan has asked for a show yet')).toBeVisible();
  },
);
