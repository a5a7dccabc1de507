import {
  PERFORMER_MESSAGES as P,
  PHOTO_MESSAGES,
  SETUP_MESSAGES as S,
  PROFILE_EXTRA_MESSAGES as X,
} from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { openSetup } from './setup-test-utils';

const HEADING = 'Complete Your Artist Profile';
const SUBMIT = 'Complete Profile';

const SAVED = {
  artistName: 'The Night Owls',
  bio: 'Late-night jazz trio',
  genres: ['Jazz'],
  email: 'band@example.test',
  phone: '(555) 123-4567',
  bookingAgentEmail: null,
  bookingAgentPhone: '(555) 765-4321',
  websiteUrl: 'https://nightowls.example',
  spotifyUrl: null,
  instagramHandle: 'nightowls',
  facebookPage: null,
  twitterHandle: null,
  tiktokHandle: null,
  youtubeChannel: null,
  yearsActive: 7,
  avgShowLength: '2 hours',
  typicalVenueCapacity: '500-1000',
  currentlyTouring: true,
  photoUrl: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('performer setup screen', () => {
  it('starts with the spec defaults and marks required fields', async () => {
    const form = await openSetup('performer', { heading: HEADING });
    expect(form.field('Years Active').value).toBe('1');
    expect(form.field('Average Show Length').value).toBe('1 hour');
    expect(form.field('Typical Venue Capacity').value).toBe('100-500');
    expect(form.field('Currently Touring').checked).toBe(false);
    expect(screen.getByRole('switch', { name: 'Currently Touring' })).toBeTruthy();
    for (const label of ['Artist Name', 'Email', 'Phone']) {
      expect(form.field(label).getAttribute('aria-required')).toBe('true');
    }
    expect(form.field('Booking Agent Email').getAttribute('aria-required')).toBeNull();
    expect(screen.getByText('0/500')).toBeTruthy();
  });

  it('counts the bio live and reports a bio over 500 characters', async () => {
    const form = await openSetup('performer', { heading: HEADING });
    await form.type('Bio', 'Jazz!');
    expect(screen.getByText('5/500')).toBeTruthy();
    await form.user.click(form.field('Bio'));
    await form.user.paste('x'.repeat(500));
    expect(screen.getByText('505/500')).toBeTruthy();
    await form.toggle('Jazz');
    await form.submit(SUBMIT);
    expect(await screen.findByText(P.bio)).toBeTruthy();
  });

  it('shows each rule message under its field and sends nothing', async () => {
    const form = await openSetup('performer', { heading: HEADING });
    await form.type('Artist Name', 'A');
    await form.type('Email', 'bad');
    await form.type('Phone', '555');
    await form.type('Website URL', 'not a url');
    await form.type('Instagram Handle', 'bad handle!');
    await form.type('Years Active', '101');
    await form.toggle('Rock');
    await form.submit(SUBMIT);
    for (const message of [P.artistName, P.email, P.phone, P.yearsActive, X.url, X.handle]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(callsTo(form.fetchMock, 'PUT /api/profile/performer')).toEqual([]);
  });

  it("toasts 'Select genres' without genres; years active falls back to 0; saves and goes to the dashboard", async () => {
    const form = await openSetup('performer', {
      heading: HEADING,
      handlers: {
        'PUT /api/profile/performer': ({ body }) =>
          json({ profile: { ...SAVED, ...(body as object) } }),
      },
    });
    await form.fill({
      'Artist Name': 'The Night Owls',
      Phone: '5551234567',
      'Booking Agent Phone': '5557654321',
    });
    await form.type('Years Active', '');
    await form.submit(SUBMIT);
    expect(await screen.findByText(S.selectGenresTitle)).toBeTruthy();
    expect(screen.getByText(P.genres)).toBeTruthy();
    expect(callsTo(form.fetchMock, 'PUT /api/profile/performer')).toEqual([]);

    await form.toggle('Metal');
    await form.user.click(form.field('Currently Touring'));
    await form.submit(SUBMIT);
    expect(await screen.findByText(S.completeTitle)).toBeTruthy();
    await waitFor(() => expect(form.router.state.location.pathname).toBe('/performer-dashboard'));
    expect(callsTo(form.fetchMock, 'PUT /api/profile/performer')).toEqual([
      expect.objectContaining({
        artistName: 'The Night Owls',
        genres: ['Metal'],
        email: 'performer@example.test',
        phone: '(555) 123-4567',
        bookingAgentPhone: '(555) 765-4321',
        bookingAgentEmail: null,
        yearsActive: 0,
        avgShowLength: '1 hour',
        typicalVenueCapacity: '100-500',
        currentlyTouring: true,
      }),
    ]);
  });

  it('shows the saved profile when opened again, and the stats card', async () => {
    const form = await openSetup('performer', { heading: HEADING, profile: SAVED });
    expect(form.field('Artist Name').value).toBe('The Night Owls');
    expect(form.field('Bio').value).toBe('Late-night jazz trio');
    expect(form.field('Booking Agent Email').value).toBe('');
    expect(form.field('Booking Agent Phone').value).toBe('(555) 765-4321');
    expect(form.field('Website URL').value).toBe('https://nightowls.example');
    expect(form.field('Years Active').value).toBe('7');
    expect(form.field('Average Show Length').value).toBe('2 hours');
    expect(form.field('Typical Venue Capacity').value).toBe('500-1000');
    expect(form.field('Currently Touring').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Jazz' }).getAttribute('aria-pressed')).toBe('true');
    const stats = screen.getByRole('region', { name: 'Your Stats' });
    expect(await within(stats).findByText('1,200')).toBeTruthy();
    for (const label of [
      'Total Followers',
      'Shows Played',
      'Upcoming Shows',
      'Alert Activations',
    ]) {
      expect(within(stats).getByText(label)).toBeTruthy();
    }
  });

  it("titles the server's photo refusals with the spec's toast titles", async () => {
    const form = await openSetup('performer', {
      heading: HEADING,
      handlers: {
        'POST /api/profile/photo': () => apiError(413, 'FILE_TOO_LARGE', PHOTO_MESSAGES.tooLarge),
      },
    });
    form.choosePhoto(
      'Artist Photo',
      new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText(PHOTO_MESSAGES.tooLargeTitle)).toBeTruthy();
    expect(screen.getByText(PHOTO_MESSAGES.tooLarge)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Artist Photo preview' })).toBeNull();
  });

  it('says so when the saved profile cannot be loaded, and still offers the form', async () => {
    await openSetup('performer', {
      heading: HEADING,
      handlers: { 'GET /api/profile/performer': () => apiError(500, 'INTERNAL', 'Boom') },
    });
    expect(screen.getByRole('alert').textContent).toContain('could not be loaded');
    expect(screen.getByLabelText('Years Active', { selector: 'input' })).toBeTruthy();
  });
  it.each(REQUEST_FAILURES)('says why the save failed and stays: $name', async (failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const form = await openSetup('performer', {
      heading: HEADING,
      profile: SAVED,
      handlers: { 'PUT /api/profile/performer': failure.answer },
    });
    await form.submit(SUBMIT);
    const toast = await expectFailureShown(failure.message);
    expect(toast.textContent).toContain(S.errorTitle);
    expect(form.router.state.location.pathname).toBe('/profile/performer-setup');
  });
});
