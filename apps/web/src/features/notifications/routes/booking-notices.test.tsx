import { BOOKING_NOTICE_KINDS, type TNotification } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';
import { bookingNotice, notificationPage } from '../testing/fixtures';

function stubBooker(role: 'performer' | 'venue', items: TNotification[]) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ id: `${role}-1`, role, profileComplete: true }) }),
    'GET /api/notifications': () => json(notificationPage({ items, unread: items.length })),
    'POST /api/notifications/read': () => json({ unread: 0 }),
  });
}

const noticeLinks = async () =>
  within(await screen.findByRole('list', { name: 'Notices' })).getAllByRole('link');

describe('booking request notices in the notification centre', () => {
  it('a venue sees a request and a withdrawal, each leading to My Shows where it answers', async () => {
    stubBooker('venue', [bookingNotice('booking_withdrawn'), bookingNotice('booking_requested')]);
    renderApp('/notifications');
    const links = await noticeLinks();
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/my-shows', '/my-shows']);
    expect(links[0]?.textContent).toContain(
      'Night Static withdrew the request for Sat, Mar 13, 2027',
    );
    expect(links[1]?.textContent).toContain('Night Static asked to play Sat, Mar 13, 2027');
    expect(links[1]?.textContent).toContain('Hold the date, decline or confirm it in My Shows');
    for (const link of links) {
      // The server's own why, as for every notice: no 'Why:' prefix, no fan's face.
      expect(link.textContent).toContain('Night Static sent The Lantern a booking request');
      expect(link.textContent).not.toContain('Why:');
      expect(within(link).queryByText('NS')).toBeNull();
    }
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^Notifications/ }).getAttribute('aria-label')).toBe(
        'Notifications, 2 unread',
      ),
    );
  });

  it("a performer sees the venue's answers; a confirmation leads to the new show", async () => {
    stubBooker('performer', [
      bookingNotice('booking_confirmed'),
      bookingNotice('booking_declined'),
      bookingNotice('booking_held'),
    ]);
    renderApp('/notifications');
    const links = await noticeLinks();
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/shows/show-booked',
      '/my-shows',
      '/my-shows',
    ]);
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('The Lantern confirmed Sat, Mar 13, 2027'),
      expect.stringContaining('Their note: “We had to give that night to a festival”'),
      expect.stringContaining('The Lantern is holding Sat, Mar 13, 2027 for you'),
    ]);
    for (const link of links) expect(link.textContent).not.toContain('Why:');
  });

  it('renders every booking kind, and a confirmation without its show falls back to My Shows', async () => {
    const items = BOOKING_NOTICE_KINDS.map((kind) => bookingNotice(kind));
    items.push(bookingNotice('booking_confirmed', { id: 'n-gone', showId: null }));
    stubBooker('performer', items);
    renderApp('/notifications');
    const links = await noticeLinks();
    expect(links).toHaveLength(BOOKING_NOTICE_KINDS.length + 1);
    for (const [index, link] of links.entries()) {
      expect(link.textContent).toContain(items[index]?.title);
    }
    expect(links.at(-1)?.getAttribute('href')).toBe('/my-shows');
  });
});
