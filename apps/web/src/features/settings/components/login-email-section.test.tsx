import { EMAIL_CHANGE_MESSAGES, type TRole } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import {
  accountSecurity,
  emailChangeState,
  fanProfile,
  fanSettings,
  performerProfile,
  venueProfile,
} from '../testing/fixtures';

const NEW = 'new.owl@example.test';
const PENDING = { newEmail: NEW, expiresAt: '2026-01-03T00:00:00.000Z' };
const PROFILES = { fan: fanProfile, performer: performerProfile, venue: venueProfile } as const;

/** A signed-in `role` whose account uses owl@example.test; `handlers` adds or replaces answers. */
function stubRole(role: TRole, handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () => json({ user: sessionUser({ role, profileComplete: true }) }),
    [`GET /api/profile/${role}`]: () => json({ profile: PROFILES[role]() }),
    'GET /api/settings/fan': () => json(fanSettings()),
    'GET /api/account/security': () => json(accountSecurity({ email: 'owl@example.test' })),
    'GET /api/account/email/change': () => json(emailChangeState()),
    ...handlers,
  });
}

async function openLoginEmail(role: TRole) {
  const view = renderApp(`/settings/${role}?tab=security`);
  const heading = await screen.findByRole('heading', { name: 'Login Email' });
  const section = heading.closest('div.flex.flex-col.gap-5') as HTMLElement;
  await within(section).findByText('owl@example.test');
  return { ...view, section };
}

const newEmail = () => screen.getByLabelText('New Login Email') as HTMLInputElement;
const sendLink = () => screen.getByRole('button', { name: 'Send Confirmation Link' });

describe('Settings › Security: Login Email', () => {
  it.each(['performer', 'venue'] as const)(
    'a %s sends a link to the new address; the change then waits with Resend and Cancel',
    async (role) => {
      const fetchMock = stubRole(role, {
        'POST /api/account/email/change': () => json(emailChangeState({ pending: PENDING }), 202),
      });
      const { user, section } = await openLoginEmail(role);
      // The profile's Email is a contact address: the section says it does not move.
      expect(within(section).getByText(/stays as it is/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();

      await user.type(newEmail(), NEW);
      await user.click(sendLink());
      const note = EMAIL_CHANGE_MESSAGES.sentTo(NEW);
      await waitFor(() => expect(within(section).getByText(note)).toBeTruthy());
      expect(callsTo(fetchMock, 'POST /api/account/email/change')).toEqual([{ email: NEW }]);
      // Nothing changed yet: the address in use stays, the field is emptied for another try.
      expect(within(section).getByText('owl@example.test')).toBeTruthy();
      expect(newEmail().value).toBe('');
      expect(within(section).getByRole('button', { name: 'Resend' })).toBeTruthy();
      expect(within(section).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    },
  );

  it('puts "already registered" under the field (409) and keeps what was typed', async () => {
    stubRole('performer', {
      'POST /api/account/email/change': () =>
        apiError(409, 'EMAIL_TAKEN', EMAIL_CHANGE_MESSAGES.taken, {
          email: EMAIL_CHANGE_MESSAGES.taken,
        }),
    });
    const { user } = await openLoginEmail('performer');
    await user.type(newEmail(), 'taken@example.test');
    await user.click(sendLink());
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.taken)).toBeTruthy();
    expect(newEmail().value).toBe('taken@example.test');
    expect(newEmail().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it("puts the server's other field errors under the field too (its address moved meanwhile)", async () => {
    const fetchMock = stubRole('venue', {
      'POST /api/account/email/change': () =>
        apiError(400, 'VALIDATION_FAILED', EMAIL_CHANGE_MESSAGES.sameAsCurrent, {
          email: EMAIL_CHANGE_MESSAGES.sameAsCurrent,
        }),
    });
    const { user } = await openLoginEmail('venue');
    // The page shows an older address than the server holds (changed from another device).
    await user.type(newEmail(), NEW);
    await user.click(sendLink());
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.sameAsCurrent)).toBeTruthy();
    expect(newEmail().getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/account/email/change')).toHaveLength(1);
  });

  it('checks the address with the contract, and refuses the current one, before sending', async () => {
    const fetchMock = stubRole('venue');
    const { user } = await openLoginEmail('venue');
    await user.click(sendLink());
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    await user.type(newEmail(), 'not-an-email');
    await user.click(sendLink());
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    await user.clear(newEmail());
    // The server compares without case and around spaces; so does the form.
    await user.type(newEmail(), ' OWL@example.test');
    await user.click(sendLink());
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.sameAsCurrent)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/email/change')).toHaveLength(0);
  });

  it('shows a waiting change on opening; Resend mails a new link, Cancel drops it', async () => {
    let pending: typeof PENDING | null = PENDING;
    const fetchMock = stubRole('venue', {
      'GET /api/account/email/change': () => json(emailChangeState({ pending })),
      'POST /api/account/email/change/resend': () => json(emailChangeState({ pending }), 202),
      'DELETE /api/account/email/change': () => {
        pending = null;
        return new Response(null, { status: 204 });
      },
    });
    const { user, section } = await openLoginEmail('venue');
    expect(within(section).getByText(EMAIL_CHANGE_MESSAGES.sentTo(NEW))).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Link sent again')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/email/change/resend')).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Email change cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/account/email/change')).toHaveLength(1);
    // Neither button submits the form below them.
    expect(callsTo(fetchMock, 'POST /api/account/email/change')).toHaveLength(0);
  });

  it.each(REQUEST_FAILURES)('says why a change could not be asked for: $name', async (failure) => {
    stubRole('performer', { 'POST /api/account/email/change': failure.answer });
    const { user } = await openLoginEmail('performer');
    await user.type(newEmail(), NEW);
    await user.click(sendLink());
    await expectFailureShown(failure.message);
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('a fan sees the address and its pending change, and is sent to the Profile tab to change it', async () => {
    stubRole('fan', {
      'GET /api/account/email/change': () => json(emailChangeState({ pending: PENDING })),
    });
    const { user, section } = await openLoginEmail('fan');
    expect(within(section).getByText(EMAIL_CHANGE_MESSAGES.sentTo(NEW))).toBeTruthy();
    // One input for one value: a fan's profile Email is the login address.
    expect(screen.queryByLabelText('New Login Email')).toBeNull();
    await user.click(within(section).getByRole('link', { name: 'Profile tab' }));
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('owl@example.test');
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says when the login email cannot be loaded, and retries', async () => {
    let fail = true;
    stubRole('performer', {
      'GET /api/account/email/change': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(emailChangeState()),
    });
    const { user } = renderApp('/settings/performer?tab=security');
    const retry = await screen.findByRole('button', { name: /try again|retry/i });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('owl@example.test')).toBeTruthy();
  });
});
