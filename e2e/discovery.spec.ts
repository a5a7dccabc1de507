import type { GENRES } from '@encore/contract';
import type { Page } from '@playwright/test';
import { fanProfile, performerProfile, signedInUser, signedInVenue } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow, signedInId } from './support/shows.ts';

type Genre = (typeof GENRES)[number];

/** A local date-time `days` ahead at 20:00, as the announce form takes it. */

/** A performer of `genre` in its own context; returns its id, name and the tag in its name. */
async function performer(page: Page, genre: Genre) {
  const user = await signedInUser(page, 'performer');
  const profile = { ...performerProfile(user), genres: [genre] };
  const saved = await page.request.put('/api/profile/performer', { data: profile });
  expect(saved.status(), await saved.text()).toBe(200);
  return { id: await signedInId(page), name: profile.artistName, tag: user.username };
}

test('a fan searches, is answered once per pause, finds nobody for nonsense, and sets an alert from a result', async ({
  browser,
  page,
}) => {
  const performerPage = await (await browser.newContext()).newPage();
  const artist = await performer(performerPage, 'Rock');
  await announceShow(
    performerPage,
    await signedInVenue(await (await browser.newContext()).newPage()),
    30,
  );

  await signedInUser(page, 'fan');
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/discovery/artists') searches.push(url.searchParams.get('q') ?? '');
  });
  await page.goto('/discovery');
  await expect(page.getByRole('heading', { name: 'Discover Artists', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended Artists' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect Spotify' })).toHaveAttribute(
    'href',
    '/onboarding/spotify',
  );

  // Typed key by key, well inside the 300 ms pause: a search per pause, not per key, the last for
  // the whole text. Usually one; a loaded machine can leave a pause between two keys,
  // so the journey asks for what debouncing guarantees, not for a single request.
  const box = page.getByRole('searchbox', { name: 'Search artists or genres' });
  await box.pressSequentially(artist.tag, { delay: 20 });
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  const card = page.getByRole('article', { name: artist.name });
  await expect(card).toBeVisible();
  await expect(card.getByText('On Tour')).toBeVisible();
  expect(searches.at(-1)).toBe(artist.tag);
  expect(searches.filter((q) => !artist.tag.startsWith(q))).toEqual([]);
  expect(searches.length).toBeLessThan(artist.tag.length / 2);
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Set Alert' }).click();
  const dialog = page.getByRole('dialog', { name: `Set alert for ${artist.name}` });
  await dialog.getByLabel('Push').check();
  await dialog.getByRole('button', { name: 'Activate Alert' }).click();
  await expect(page.getByText(`${artist.name} alert activated via Push`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Watching')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit Alert' })).toBeVisible();

  // The alert is real: Watching lists the artist.
  await page.goto('/watching');
  await expect(page.getByRole('article', { name: artist.name })).toBeVisible();

  await page.goto('/discovery');
  await box.fill('zzqx nobody plays here');
  await expect(page.getByRole('heading', { name: 'No artists found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search')).toBeVisible();
});

test('Recommended lists an artist of the fan’s genre touring near home before one touring far away, and so does the genre’s page', async ({
  browser,
  page,
}) => {
  // Classical: the other journeys' performers play Rock, so these two are the fan's only picks
  // besides the other viewport's run of this same test.
  const farVenue = await signedInVenue(await (await browser.newContext()).newPage());
  const nearVenue = await signedInVenue(await (await browser.newContext()).newPage(), {
    city: 'Brooklyn',
    state: 'NY',
    zipCode: '11222',
  });
  const farPage = await (await browser.newContext()).newPage();
  const far = await performer(farPage, 'Classical');
  await announceShow(farPage, farVenue, 2);
  const nearPage = await (await browser.newContext()).newPage();
  const near = await performer(nearPage, 'Classical');
  await announceShow(nearPage, nearVenue, 40);

  const user = await signedInUser(page, 'fan');
  const saved = await page.request.put('/api/profile/fan', {
    data: { ...fanProfile(user), favoriteGenres: ['Classical'] },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/recommended');
  await expect(page.getByRole('heading', { name: 'Recommended', level: 1 })).toBeVisible();
  const nearby = page.getByRole('region', { name: 'Near Brooklyn' });
  const nearCard = nearby.getByRole('article', { name: near.name });
  await expect(nearCard).toBeVisible();
  await expect(nearCard.getByText(/Brooklyn, NY · [\d.]+ mi from home/)).toBeVisible();
  const elsewhere = page.getByRole('region', { name: 'On tour elsewhere' });
  await expect(elsewhere.getByRole('article', { name: far.name })).toBeVisible();
  // Near first, although the far show is sooner.
  const sections = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(sections.indexOf('Near Brooklyn')).toBeLessThan(sections.indexOf('On tour elsewhere'));
  await expectNoSeriousA11yViolations(page);

  await nearCard.getByRole('button', { name: 'Set Alert' }).click();
  await page.getByRole('dialog').getByLabel('Email').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate Alert' }).click();
  await expect(nearCard.getByText('Watching')).toBeVisible();

  // Discovery's genre chips open the genre's page: the same two artists, the nearer show first
  // (the other viewport's run adds its own pair, which fits the same page).
  await page.goto('/discovery');
  const chips = page.getByRole('navigation', { name: 'Browse by genre' });
  await chips.getByRole('link', { name: 'Classical' }).click();
  await expect(page).toHaveURL(/\/discovery\/genre\/classical$/);
  await expect(page.getByRole('heading', { name: 'Classical artists', level: 1 })).toBeVisible();
  const genreNear = page.getByRole('article', { name: near.name });
  const genreFar = page.getByRole('article', { name: far.name });
  await expect(genreNear.getByText(/Brooklyn, NY · [\d.]+ mi from home/)).toBeVisible();
  await expect(genreNear.getByText('Watching')).toBeVisible();
  await expect(genreFar.getByText(/Chicago, IL · [\d,]+ mi from home/)).toBeVisible();
  const names = await page.getByRole('article').getByRole('heading').allTextContents();
  expect(names.indexOf(near.name)).toBeLessThan(names.indexOf(far.name));
  // The chips wrap: nothing runs off a phone's screen sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectNoSeriousA11yViolations(page);

  await genreFar.getByRole('button', { name: 'Set Alert' }).click();
  const dialog = page.getByRole('dialog', { name: `Set alert for ${far.name}` });
  await dialog.getByLabel('Push').check();
  await dialog.getByRole('button', { name: 'Activate Alert' }).click();
  await expect(genreFar.getByText('Watching')).toBeVisible();
});
