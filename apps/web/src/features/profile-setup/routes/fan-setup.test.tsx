import { FAN_MESSAGES as F, PHOTO_MESSAGES, SETUP_MESSAGES as S } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fanProfile } from '@/testing/profile-fixtures';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { callsTo, json } from '@/testing/stub-api';
import { openSetup } from './setup-test-utils';

const HEADING = 'Complete Your Profile';
const SUBMIT = 'Complete Profile Setup';

const VALID = {
  'Tag Name': 'nightowl',
  'Age Range': '25-34',
  Gender: 'female',
  Phone: '5551234567',
  'Home City': 'Brooklyn',
  'ZIP Code': '11201',
};

const SAVED = fanProfile({
  preferredRadius: 40,
  smsOptIn: true,
  favoriteGenres: ['Jazz', 'Indie'],
  photoUrl: '/uploads/owl.png',
});

describe('fan setup screen', () => {
  it('starts with the account email, radius 25 and no genres', async () => {
    const form = await openSetup('fan', { heading: HEADING });
    expect(form.field('Email').value).toBe('fan@example.test');
    const slider = screen.getByRole('slider', { name: 'Concert Radius' });
    expect((slider as HTMLInputElement).value).toBe('25');
    expect(screen.getByText('25 miles')).toBeTruthy();
    expect(screen.getByText(F.smsNote)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Jazz' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows each rule message under its field and sends nothing', async () => {
    const form = await openSetup('fan', { heading: HEADING });
    await form.type('Tag Name', 'ab');
    await form.type('Email', 'nope');
    await form.type('Phone', '555');
    await form.toggle('Jazz');
    await form.submit(SUBMIT);
    for (const message of [
      F.tagNameTooShort,
      F.ageRange,
      F.gender,
      F.email,
      F.phone,
      F.homeCity,
      F.zipCode,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    const tag = form.field('Tag Name');
    expect(tag.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(tag.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      F.tagNameTooShort,
    );
    expect(callsTo(form.fetchMock, 'PUT /api/profile/fan')).toEqual([]);
  });

  it('formats the phone and keeps five ZIP digits while typing', async () => {
    const form = await openSetup('fan', { heading: HEADING });
    await form.type('Phone', '555123456789');
    expect(form.field('Phone').value).toBe('(555) 123-4567');
    await form.type('ZIP Code', '1a2b3c4d5e6');
    expect(form.field('ZIP Code').value).toBe('12345');
  });

  it("toasts 'Select genres' when none is chosen, and sends nothing", async () => {
    const form = await openSetup('fan', { heading: HEADING });
    await form.fill(VALID);
    await form.submit(SUBMIT);
    expect(await screen.findByText(S.selectGenresTitle)).toBeTruthy();
    expect(screen.getByText(F.genres)).toBeTruthy();
    expect(callsTo(form.fetchMock, 'PUT /api/profile/fan')).toEqual([]);
  });

  it('saves every field, toasts and goes to the dashboard', async () => {
    const form = await openSetup('fan', {
      heading: HEADING,
      handlers: {
        'PUT /api/profile/fan': ({ body }) => json({ profile: { ...SAVED, ...(body as object) } }),
      },
    });
    await form.fill(VALID);
    await form.toggle('Indie');
    await form.toggle('Jazz');
    await form.user.click(form.field('Send me show alerts by SMS'));
    await form.submit(SUBMIT);
    expect(await screen.findByText(S.completeTitle)).toBeTruthy();
    expect(screen.getByText(S.completeDescription)).toBeTruthy();
    await waitFor(() => expect(form.router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo(form.fetchMock, 'PUT /api/profile/fan')).toEqual([
      {
        tagName: 'nightowl',
        ageRange: '25-34',
        gender: 'female',
        email: 'fan@example.test',
        phone: '(555) 123-4567',
        homeCity: 'Brooklyn',
        zipCode: '11201',
        preferredRadius: 25,
        smsOptIn: true,
        favoriteGenres: ['Jazz', 'Indie'],
      },
    ]);
  });

  it('puts server field errors under the fields and other failures in an Error toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let status = 400;
    const form = await openSetup('fan', {
      heading: HEADING,
      handlers: {
        'PUT /api/profile/fan': () =>
          status === 400
            ? json(
                {
                  error: {
                    code: 'VALIDATION_FAILED',
                    message: 'Invalid input',
                    fields: { zipCode: 'We could not find this ZIP code' },
                  },
                },
                400,
              )
            : json({ error: { code: 'INTERNAL', message: 'Database down' } }, 500),
      },
    });
    await form.fill(VALID);
    await form.toggle('Rock');
    await form.submit(SUBMIT);
    expect(await screen.findByText('We could not find this ZIP code')).toBeTruthy();
    status = 500;
    await form.submit(SUBMIT);
    expect(await screen.findByText('Database down')).toBeTruthy();
    expect(screen.getByText(S.errorTitle)).toBeTruthy();
    expect(form.router.state.location.pathname).toBe('/profile/fan-setup');
  });

  it('shows the saved profile and photo when opened again, and the real stats', async () => {
    const form = await openSetup('fan', { heading: HEADING, profile: SAVED });
    expect(form.field('Tag Name').value).toBe('nightowl');
    expect(form.field('Age Range').value).toBe('25-34');
    expect(form.field('Gender').value).toBe('female');
    expect(form.field('Email').value).toBe('owl@example.test');
    expect(form.field('Phone').value).toBe('(555) 123-4567');
    expect(form.field('ZIP Code').value).toBe('11201');
    expect(form.field('Send me show alerts by SMS').checked).toBe(true);
    expect(screen.getByText('40 miles')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Jazz' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: 'Profile Photo preview' }).getAttribute('src')).toBe(
      '/uploads/owl.png',
    );
    const stats = screen.getByRole('region', { name: 'Your Stats' });
    expect(await within(stats).findByText('Shows Attended')).toBeTruthy();
    expect(within(stats).getByText('7')).toBeTruthy();
  });

  it('refuses a text file and a 6 MB image before uploading; uploads a PNG and previews it', async () => {
    const form = await openSetup('fan', {
      heading: HEADING,
      handlers: { 'POST /api/profile/photo': () => json({ photoUrl: '/uploads/new.png' }) },
    });
    form.choosePhoto('Profile Photo', new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(PHOTO_MESSAGES.invalidTypeTitle)).toBeTruthy();
    expect(screen.getByText(PHOTO_MESSAGES.invalidType)).toBeTruthy();
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    form.choosePhoto('Profile Photo', big);
    expect(await screen.findByText(PHOTO_MESSAGES.tooLargeTitle)).toBeTruthy();
    expect(screen.getByText(PHOTO_MESSAGES.tooLarge)).toBeTruthy();
    expect(callsTo(form.fetchMock, 'POST /api/profile/photo')).toEqual([]);

    form.choosePhoto(
      'Profile Photo',
      new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }),
    );
    const preview = await screen.findByRole('img', { name: 'Profile Photo preview' });
    expect(preview.getAttribute('src')).toBe('/uploads/new.png');
    const [, init] =
      form.fetchMock.mock.calls.find(([url]) => String(url) === '/api/profile/photo') ?? [];
    expect(new Headers(init?.headers).get('content-type')).toBe('image/png');
  });
  it.each(REQUEST_FAILURES)('says why the save failed and stays: $name', async (failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const form = await openSetup('fan', {
      heading: HEADING,
      profile: SAVED,
      handlers: { 'PUT /api/profile/fan': failure.answer },
    });
    await form.submit(SUBMIT);
    const toast = await expectFailureShown(failure.message);
    expect(toast.textContent).toContain(S.errorTitle);
    expect(form.router.state.location.pathname).toBe('/profile/fan-setup');
  });

  it.each(REQUEST_FAILURES)('says why a photo upload failed: $name', async (failure) => {
    const form = await openSetup('fan', {
      heading: HEADING,
      handlers: { 'POST /api/profile/photo': failure.answer },
    });
    form.choosePhoto(
      'Profile Photo',
      new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }),
    );
    const toast = await expectFailureShown(failure.message);
    expect(toast.textContent).toContain(PHOTO_MESSAGES.failedTitle);
  });
});
