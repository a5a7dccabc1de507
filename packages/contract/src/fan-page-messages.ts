/**
 * The fan's pages' wording and limits without zod (their schemas are in fan-pages.ts, location.ts
 * and social.ts): the fan dashboard and its 'Finish setting up' card read these at start-up, and a
 * module that builds a zod schema would bring zod into their chunk (decision 023).
 */
import type { TPalsGoing } from './social.ts';

/** At most this many faces per card; the rest is "+N more" from `show.attendingCount`. */
export const CARD_FACES = 4;

export const FAN_PAGE_MESSAGES = {
  fansOnly: 'Only fans have these pages',
  calendarFeedCreated: 'Calendar link created',
  calendarFeedReset: 'Calendar link replaced; the old link no longer works',
  calendarFeedOff: 'Calendar link turned off',
  markedAttended: 'Marked as attended',
} as const;

/** The spec's labels, word for word, and our own few beside them. */
export const LOCATION_LABELS = {
  title: 'Enable Location',
  allow: 'Allow Location Tracking',
  allowing: 'Enabling...',
  skip: 'Skip for now',
  intro: 'Share your location so Encore can alert you to concerts near you.',
  continue: 'Continue',
  finishSetup: 'Finish setting up',
  finishSetupText:
    'Two quick steps: share your location for shows near you, then connect Spotify to find artists you love.',
  finishSetupAction: 'Finish setup',
  verifyPhoneStep: 'Verify your phone to get SMS alerts',
  dismiss: 'Dismiss',
} as const;

/** "Which pals are going" on a fan's show card and show page: a few named, and how many. */
export const PALS_GOING_NAMED = 3;

/** 'Sam is going', 'Sam and Alex are going', 'Sam, Alex and 3 other pals are going'. */
export function palsGoingText({ count, fans }: TPalsGoing): string | null {
  if (count === 0 || fans.length === 0) return null;
  const names = fans.map((f) => f.name);
  const others = count - names.length;
  if (others > 0) {
    return `${names.join(', ')} and ${others} other ${others === 1 ? 'pal' : 'pals'} are going`;
  }
  if (names.length === 1) return `${names[0]} is going`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are going`;
}
