import { SETUP_MESSAGES as S, VENUE_MESSAGES as V } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { callsTo, json } from '@/testing/stub-api';
import { openSetup } from './setup-test-utils';

const HEADING = 'Complete Your Venue Profile';
const SUBMIT = 'Complete Venue Profile';

const VALID = {
  'Venue Name': 'The Blue Room',
  'Venue Phone': '5551234567',
  'Street Address': '12 Main Street',
  City: 'Brooklyn',
  State: 'ny',
  'ZIP Code': '11201',
  'Booking Contact Name': 'Sam Booker',
  'Booking Email': 'book@blueroom.example',
  'Booking Phone': '5557654321',
};

const SAVED = {
  venueName: 'The Blue Room',
  description: 'Jazz cellar',
  streetAddress: '12 Main Street',
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11201',
  phone: '(555) 123-4567',
  email: 'hello@blueroom.example',
  maxCapacity: 250,
  venueType: 'bar',
  websiteUrl: null,
  ageRestriction: '18+',
  bookingContactName: 'Sam Booker',
  bookingEmail: 'book@blueroom.example',
  bookingPhone: '(555) 765-4321',
  bookingLeadTime: '2 weeks',
  typicalShowTime: '21:30',
  operatingDays: ['Friday', 'Saturday'],
  amenities: ['Stage', 'Parking'],
  photoUrl: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('venue setup screen', () => {
  it('starts with the spec defaults', async () => {
    const form = await openSetup('venue', { heading: HEADING });
    expect(form.field('Max Capacity').value).toBe('100');
    expect(form.field('Venue Type').value).toBe('club');
    expect(form.field('Age Restriction').value).toBe('21+');
    expect(form.field('Booking Lead Time').value).toBe('1 month');
    expect(form.field('Typical Show Time').value).toBe('20:00');
    expect(form.field('Stage').checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('formats phone, state and ZIP while typing and truncates the description at 500', async () => {
    const form = await openSetup('venue', { heading: HEADING });
    await form.type('Booking Phone', '(555)765-43210');
    expect(form.field('Booking Phone').value).toBe('(555) 765-4321');
    await form.type('State', 'n1y');
    expect(form.field('State').value).toBe('NY');
    await form.type('ZIP Code', '11-2019');
    expect(form.field('ZIP Code').value).toBe('11201');
    await form.user.click(form.field('Description'));
    await form.user.paste('x'.repeat(510));
    expect(form.field('Description').value).toHaveLength(500);
    expect(screen.getByText('500/500')).toBeTruthy();
  });

  it('checks the rules on submit, first message under each field', async () => {
    const form = await openSetup('venue', { heading: HEADING });
    await form.type('Venue Email', 'nope');
    await form.type('Max Capacity', '0');
    await form.toggle('Friday');
    await form.submit(SUBMIT);
    const messages = [
      V.venueName,
      V.streetAddress,
      V.city,
      V.state,
      V.zipCode,
      V.email,
      V.capacity,
      V.bookingContactName,
      V.bookingEmail,
    ];
    for (const message of messages) expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getAllByText(V.phone)).toHaveLength(2);
    expect(callsTo(form.fetchMock, 'PUT /api/profile/venue')).toEqual([]);
  });

  it("toasts 'Select days' without an operating day; saves and goes to the dashboard", async () => {
    const form = await openSetup('venue', {
      heading: HEADING,
      handlers: {
        'PUT /api/profile/venue': ({ body }) =>
          json({ profile: { ...SAVED, ...(body as object) } }),
      },
    });
    await form.fill(VALID);
    await form.submit(SUBMIT);
    expect(await screen.findByText(V.daysTitle)).toBeTruthy();
    expect(screen.getByText(V.days)).toBeTruthy();
    expect(callsTo(form.fetchMock, 'PUT /api/profile/venue')).toEqual([]);

    await form.toggle('Saturday');
    await form.toggle('Friday');
    await form.user.click(form.field('Sound System'));
    await form.user.click(form.field('Stage'));
    await form.submit(SUBMIT);
    expect(await screen.findByText(S.completeTitle)).toBeTruthy();
    await waitFor(() => expect(form.router.state.location.pathname).toBe('/venue-dashboard'));
    expect(callsTo(form.fetchMock, 'PUT /api/profile/venue')).toEqual([
      expect.objectContaining({
        venueName: 'The Blue Room',
        state: 'NY',
        phone: '(555) 123-4567',
        email: 'venue@example.test',
        maxCapacity: 100,
        venueType: 'club',
        ageRestriction: '21+',
        bookingLeadTime: '1 month',
        typicalShowTime: '20:00',
        operatingDays: ['Friday', 'Saturday'],
        amenities: ['Stage', 'Sound System'],
        websiteUrl: null,
      }),
    ]);
  });

  it("says 'Not authenticated' when the session is gone at save time", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const form = await openSetup('venue', {
      heading: HEADING,
      handlers: {
        'PUT /api/profile/venue': () =>
          json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401),
      },
    });
    await form.fill(VALID);
    await form.toggle('Monday');
    await form.submit(SUBMIT);
    expect(await screen.findByText(S.notAuthenticated)).toBeTruthy();
  });

  it('shows the saved profile when opened again, and the Venue Stats card', async () => {
    const form = await openSetup('venue', { heading: HEADING, profile: SAVED });
    expect(form.field('Venue Name').value).toBe('The Blue Room');
    expect(form.field('Description').value).toBe('Jazz cellar');
    expect(form.field('Venue Type').value).toBe('bar');
    expect(form.field('Age Restriction').value).toBe('18+');
    expect(form.field('Max Capacity').value).toBe('250');
    expect(form.field('Booking Lead Time').value).toBe('2 weeks');
    expect(form.field('Typical Show Time').value).toBe('21:30');
    expect(form.field('Stage').checked).toBe(true);
    expect(form.field('Lighting').checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Friday' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const stats = screen.getByRole('region', { name: 'Venue Stats' });
    expect(await within(stats).findByText('$15,250')).toBeTruthy();
    for (const label of ['Events Hosted', 'Total Attendance', 'Avg Attendance', '30-Day Revenue']) {
      expect(within(stats).getByText(label)).toBeTruthy();
    }
  });
  it.each(REQUEST_FAILURES)('says why the save failed and stays: $name', async (failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const form = await openSetup('venue', {
      heading: HEADING,
      profile: SAVED,
      handlers: { 'PUT /api/profile/venue': failure.answer },
    });
    await form.submit(SUBMIT);
    const toast = await expectFailureShown(failure.message);
    expect(toast.textContent).toContain(S.errorTitle);
    expect(form.router.state.location.pathname).toBe('/profile/venue-setup');
  });
});
