import type { Browser, Page } from '@playwright/test';
import { signedInUser } from './accounts.ts';
import { announceShow, markGoing, newPage } from './shows.ts';

/**
 * Two fans going to the same show, `days` ahead, so each is among the other's suggestions:
 * Sam on `page`, Alex on a page of their own (the performer and venue who announced it, too).
 */
export async function twoFansGoing(browser: Browser, page: Page, days: number) {
  const performerPage = await newPage(browser);
  await signedInUser(performerPage, 'performer');
  const venuePage = await newPage(browser);
  await signedInUser(venuePage, 'venue');
  const showId = await announceShow(performerPage, venuePage, days);

  const sam = await signedInUser(page, 'fan');
  const alexPage = await newPage(browser);
  const alex = await signedInUser(alexPage, 'fan');
  await markGoing(page, showId);
  await markGoing(alexPage, showId);
  return { showId, sam, alex, alexPage };
}
