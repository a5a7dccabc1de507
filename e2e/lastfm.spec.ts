import type { Page } from '@playwright/test';
import { performerProfile, signedInUser } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { fakeLastfm, lastfmListener } from './support/lastfm.ts';

/** A performer on Encore in its own browser context, named `artistName`, of `genre`. */
async function performerOnEncore(page: Page, artistName: string, genre: 'Rock' | 'Jazz') {
  const user = await signedInUser(page, 'performer', { completeProfile: false });
  const saved = await page.request.put('/api/profile/performer', {
    data: { ...performerProfile(user), artistName, genres: [genre] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a fan imports their Last.fm artists on the music step, choosing between two of one name', async ({
  browser,
  page,
}, testInfo) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const glass = `Glass Pylon ${tag}`;
  const twin = `Twin Name ${tag}`;
  const newPerformer = async () => (await browser.newContext()).newPage();
  await performerOnEncore(await newPerformer(), glass, 'Rock');
  await performerOnEncore(await newPerformer(), twin, 'Rock');
  await performerOnEncore(await newPerformer(), twin, 'Jazz');
  const listener = await lastfmListener({
    topArtists: [{ name: glass }, { name: twin }, { name: `Nowhere ${tag}` }],
    lovedTracks: [{ name: 'Lantern light', artist: { name: glass } }],
  });

  await signedInUser(page, 'fan');
  await page.goto('/onboarding/spotify');
  const card = page.getByRole('heading', { name: 'Import from Last.fm' });
  await expect(card).toBeVisible();
  const username = page.getByLabel('Last.fm username');

  await username.fill(`Nobody${tag}`);
  await page.getByRole('button', { name: 'Find my artists' }).click();
  await expect(page.getByText('No Last.fm user with that name')).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');

  await username.fill(listener.name.toLowerCase());
  await page.getByRole('button', { name: 'Find my artists' }).click();
  await expect(
    page.getByText(`2 of ${listener.name}’s 3 Last.fm artists are on Encore.`),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: glass })).toBeChecked();
  const twins = page.getByRole('group', {
    name: `2 artists on Encore are called “${twin}”: which one?`,
  });
  await expect(twins.getByRole('radio', { name: 'None of them' })).toBeChecked();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('lastfm-preview.png'), fullPage: true });

  await twins.getByRole('radio', { name: /Jazz/ }).check();
  await page.getByText('1 artist not on Encore yet').click();
  await expect(page.getByText(`Nowhere ${tag}`)).toBeVisible();
  await page.getByRole('button', { name: 'Watch 2 artists' }).click();
  await expect(page.getByText('Watching 2 artists from Last.fm')).toBeVisible();
  await expect(username).toBeVisible();

  await page.goto('/watching');
  await expect(page.getByText(glass)).toBeVisible();
  await expect(page.getByText(twin)).toHaveCount(1);
});

test(
  'Settings › Music: Last.fm not answering is said plainly, and nothing is imported',
  { tag: '@any-viewport' },
  async ({ page }, testInfo) => {
    const listener = await lastfmListener({ topArtists: [{ name: 'Anyone' }] });
    await signedInUser(page, 'fan');
    await page.goto('/settings/fan');
    await page.getByRole('tab', { name: 'Music' }).click();
    await page.getByLabel('Last.fm username').fill(listener.name);
    await fakeLastfm.setDown(listener.name, 503);
    try {
      await page.getByRole('button', { name: 'Find my artists' }).click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Last.fm is not answering right now. Try again in a few minutes.' }),
      ).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('settings-music.png'), fullPage: true });
    } finally {
      await fakeLastfm.setDown(listener.name, null);
    }
    await expect(page.getByRole('button', { name: /^Watch/ })).toHaveCount(0);
  },
);
