import { SHOW_DATE_YEARS_AHEAD, SHOW_DATE_YEARS_BACK } from './constants.ts';

/** Show and alert text. The spec has only the alert ones; the rest is our own, written once. */
export const SHOW_MESSAGES = {
  performerRequired: 'Choose the performer',
  venueRequired: 'Choose a venue on Encore or enter the venue name and address',
  dateRequired: 'Please enter the date and time',
  dateInFuture: 'Date must be in the future',
  dateNotReal: 'Please enter a real date and time',
  dateTooFar: `Date must be within the next ${SHOW_DATE_YEARS_AHEAD} years`,
  dateTooOld: `Date must be within the last ${SHOW_DATE_YEARS_BACK} years`,
  // The ticket link (ticket-url.ts): a redirect from Encore's origin, so https to a website only.
  url: 'Please enter a valid URL starting with https://',
  urlCredentials: 'Please enter the link without a user name or password',
  urlHost: 'Please enter a link to a website, such as https://tickets.example.com',
  priceNegative: 'Price cannot be negative',
  priceOrder: 'Maximum price must be at least the minimum price',
  onSaleBeforeShow: 'Tickets must go on sale before the show starts',
  supportingAct: 'Each supporting act needs a name of at most 100 characters',
  // Every act on a bill is a real artist when it is on Encore, and speaks for itself.
  supportingActTwice: 'This artist is already on the bill',
  supportingActIsHeadliner: 'The headliner cannot also be a supporting act',
  supportingActNotFound: 'Choose an artist on Encore, or type the act’s name',
  onlyActConfirms: 'Only the artist named on this bill can confirm or decline playing it',
  actAlreadyDeclined: 'You declined playing this show',
  actAlreadyConfirmed:
    'You confirmed playing this show; ask its performer or venue to take you off the bill',
  attendanceNegative: 'Attendance cannot be negative',
  attendanceRequired: 'Attendance is required',
  attendanceWhole: 'Attendance must be a whole number',
  revenueNegative: 'Revenue cannot be negative',
  grossRevenueRequired: 'Gross revenue is required',
  revenueNotNumber: 'Please enter an amount in dollars, such as 1250.50',
  /** Attendance above the venue's capacity: a typo more often than a packed room, so asked. */
  attendanceOverCapacity: (capacity: number) =>
    `More than the venue’s capacity of ${capacity.toLocaleString('en-US')} — check the figure`,
  confirmOverCapacity: 'The figure is right: more people came than the venue holds',
  resultsBeforeShow: 'Attendance and revenue can be entered once the show has started',
  notYourShow: 'Only the show’s performer or venue can change it',
  cancelledShow: 'This show is cancelled and can no longer be changed',
  announcedTitle: 'Show announced',
  updatedTitle: 'Show updated',
  cancelledTitle: 'Show cancelled',
  postponedTitle: 'Show postponed',
  // Confirmation by the other Encore party named on a show (nobody speaks for another account).
  declinedShow: 'This show was declined and can no longer be changed',
  pendingShow: 'Confirm this show before changing it',
  resultsNeedConfirmation: 'Results can be entered once the show is confirmed',
  resultsByVenue: 'The results of a show at a venue on Encore are entered by the venue',
  onlyPartyConfirms: 'Only the performer or venue this show names can confirm or decline it',
  alreadyDeclined: 'You declined this show; it was withdrawn',
  alreadyConfirmed: 'You confirmed this show; cancel it instead if it will not happen',
  confirmedTitle: 'Show confirmed',
  declinedTitle: 'Show declined',
  // One show, one alert: a resubmitted announcement never makes a second show.
  duplicateShow: 'This show is already announced: same performer, venue and start time',
  viewExistingShow: 'View the show',
  /** The announcer is the performer ('You') or a venue booking them (their name). */
  sameDay: (who: string | null, venue: string) =>
    `${who ?? 'You'} already ${who ? 'has' : 'have'} a show on that day at ${venue}. Announce this one too?`,
  announceAnyway: 'Announce it too',
  /**
   * A venue's night holds one show unless the venue says it holds two (an early and a late show).
   * The venue itself is asked 'You…'; a performer is told the venue's name.
   */
  nightTaken: (venue: string | null) =>
    `${venue ? `${venue} already has` : 'You already have'} a show that night. Is it an early and a late show?`,
  nightTakenTitle: 'Another show that night',
  bothShowsThatNight: 'Yes, two shows that night',
  keyReused:
    'This form already announced a different show. Reload the page to announce another one.',
} as const;

export const ALERT_MESSAGES = {
  selectChannel: 'Please select at least one alert channel',
  /** '{artist} alert activated via {channels}' (spec section 8). */
  activated: (artist: string, channels: string[]) =>
    `${artist} alert activated via ${channels.join(', ')}`,
  smsNeedsPhone: 'Add a phone number and opt in to SMS in your profile to get alerts by SMS',
  /** SMS can be chosen, but no text goes out until the profile's phone is verified. */
  smsNotActive: 'SMS is not active yet: your phone number is not verified.',
  verifyPhone: 'Verify your phone',
} as const;

/** 403 messages for a role that has no part in a show feature. */
export const SHOW_ROLE_MESSAGES = {
  announce: 'Only performers and venues can announce shows',
  fansOnly: 'Only fans can set artist alerts and mark shows they go to',
  bookersOnly: 'Only performers and venues have their own shows and the booking directory',
} as const;
