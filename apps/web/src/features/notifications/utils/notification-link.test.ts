import { describe, expect, it } from 'vitest';
import { bookingNotice, notification, socialNotice } from '../testing/fixtures';
import { notificationHref } from './notification-link';

describe('notificationHref', () => {
  it('leads each kind where it can be acted on', () => {
    expect(notificationHref(notification())).toBe('/shows/show-1');
    expect(notificationHref(notification({ kind: 'show_confirmed' }))).toBe('/my-shows');
    expect(notificationHref(socialNotice('pal_request'))).toBe('/social');
    expect(notificationHref(socialNotice('pal_accepted'))).toBe('/fans/sam');
    expect(notificationHref(socialNotice('going_invite'))).toBe('/shows/show-1');
    expect(notificationHref(bookingNotice('booking_requested'))).toBe('/my-shows');
    expect(notificationHref(bookingNotice('booking_held'))).toBe('/my-shows');
    expect(notificationHref(bookingNotice('booking_confirmed'))).toBe('/shows/show-booked');
  });

  it('never builds a link to a missing show or fan', () => {
    expect(notificationHref(socialNotice('going_invite', { showId: null }))).toBe('/social');
    expect(notificationHref(socialNotice('pal_accepted', { fan: null }))).toBe('/social');
    expect(notificationHref(notification({ showId: null }))).toBe('/notifications');
    expect(notificationHref(bookingNotice('booking_confirmed', { showId: null }))).toBe(
      '/my-shows',
    );
  });
});
