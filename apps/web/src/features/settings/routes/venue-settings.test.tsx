import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { accountSecurity, venueProfile } from '../testing/fixtures';

function stubVenue() {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'venue', profileComplete: true }) }),
    'GET /api/profile/venue': () => json({ profile: venueProfile() }),
    'PATCH /api/profile/venue': ({ body }) => json({ profile: venueProfile(body as object) }),
    'GET /api/account/security': () => json(accountSecurity()),
    'GET /api/stats/venue': () =>
      json({
        eventsHosted: 0,
        totalAttendance: 0,
        averageAttendance: 0,
        revenue30Days: 0,
        memberSince: '2026-01-01T12:00:00.000Z',
      }),
  });
}

describe('venue settings', () => {
  it('lists its tabs, with Security added, and goes back to the venue dashboard', async () => {
    stubVenue();
    renderApp('/settings/venue');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Venue Info',
      'Amenities',
      'Booking',
      'Analytics',
      'Security',
      'Account',
    ]);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/venue-dashboard',
    );
  });

  it('wraps its tabs instead of scrolling them off a phone, and moves between them by keyboard', async () => {
    stubVenue();
    const { user } = renderApp('/settings/venue');
    const list = await screen.findByRole('tablist', { name: 'Settings sections' });
    // A sideways scroller hid the last tabs on a 375 px phone with no sign they were there
    // (a review finding); the layout itself is checked at 375 px in a browser.
    expect(list.className).toContain('flex-wrap');
    expect(list.className).not.toContain('overflow-x-auto');
    await user.click(within(list).getByRole('tab', { name: 'Security' }));
    await user.keyboard('{ArrowRight}');
    const account = within(list).getByRole('tab', { name: 'Account' });
    expect(document.activeElement).toBe(account);
    // The open tab lives in ?tab=, so selecting it is a navigation: it lands a render later.
    await waitFor(() => expect(account.getAttribute('aria-selected')).toBe('true'));
  });

  it('saves venue info, formatting state and ZIP and cutting the description at 500', async () => {
    const fetchMock = stubVenue();
    const { user } = renderApp('/settings/venue');
    const state = await screen.findByLabelText('State');
    await user.clear(state);
    await user.type(state, 'ca');
    const zip = screen.getByLabelText('ZIP Code');
    await user.clear(zip);
    await user.type(zip, '90-0123');
    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.click(description);
    await user.paste('x'.repeat(520));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated');
    expect(callsTo(fetchMock, 'PATCH /api/profile/venue')).toEqual([
      {
        venueName: 'The Roost',
        description: 'x'.repeat(500),
        email: 'roost@example.test',
        phone: '(555) 444-5555',
        streetAddress: '1 Main Street',
        city: 'Brooklyn',
        state: 'CA',
        zipCode: '90012',
      },
    ]);
  });

  it('edits capacity and shows the amenities read-only with the setup note', async () => {
    const fetchMock = stubVenue();
    const { user } = renderApp('/settings/venue');
    await user.click(await screen.findByRole('tab', { name: 'Amenities' }));
    const capacity = await screen.findByLabelText('Max Capacity');
    expect(screen.getByText('To change amenities, return to profile setup.')).toBeTruthy();
    const amenities = screen.getByRole('tabpanel', { name: 'Amenities' });
    const ticks = within(amenities)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(ticks).toEqual([
      'Stage(available)',
      'Sound System(not available)',
      'Lighting(not available)',
      'Green Room(not available)',
      'Parking(available)',
    ]);
    await user.clear(capacity);
    await user.type(capacity, '0');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Capacity must be at least 1')).toBeTruthy();
    await user.clear(capacity);
    await user.type(capacity, '350');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated');
    expect(callsTo(fetchMock, 'PATCH /api/profile/venue')).toEqual([{ maxCapacity: 350 }]);
  });

  it('saves booking details', async () => {
    const fetchMock = stubVenue();
    const { user } = renderApp('/settings/venue');
    await user.click(await screen.findByRole('tab', { name: 'Booking' }));
    await user.type(await screen.findByLabelText('Website'), 'https://roost.example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated');
    expect(callsTo(fetchMock, 'PATCH /api/profile/venue')).toEqual([
      {
        bookingContactName: 'Sam Booker',
        bookingEmail: 'book@example.test',
        bookingPhone: '(555) 666-7777',
        websiteUrl: 'https://roost.example.com',
      },
    ]);
  });

  it('shows analytics from the stats and the saved profile', async () => {
    stubVenue();
    const { user } = renderApp('/settings/venue');
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByText('$0.00')).toBeTruthy();
    expect(screen.getByText('Friday, Saturday')).toBeTruthy();
    expect(screen.getByText('8:00 PM')).toBeTruthy();
    expect(screen.getByText('Typical Show Start Time')).toBeTruthy();
  });
});
