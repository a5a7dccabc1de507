import { EMAIL_CHANGE_MESSAGES } from '@encore/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { accountSecurity, emailChangeState, fanProfile, fanSettings } from '../testing/fixtures';

const NEW = 'new.owl@example.test';
const PENDING = { newEmail: NEW, expiresAt: '2026-01-03T00:00:00.000Z' };

/** A fan whose account uses owl@example.test; `handlers` adds or replaces answers. */
function stubFan(handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/profile/fan': () => json({ profile: fanProfile() }),
    'GET /api/settings/fan': () => json(fanSettings()),
    'GET /api/account/security': () => json(accountSecurity()),
    'GET /api/account/email/change': () => json(emailChangeState()),
    'PATCH /api/profile/fan': ({ body }) => json({ profile: fanProfile(body as object) }),
    ...handlers,
  });
}

const emailInput = () => screen.findByLabelText('Email') as Promise<HTMLInputElement>;

describe('Settings › Profile: changing the account email', () => {
  it('sends a link to the new address, keeps the old one and shows the change as pending', async () => {
    const fetchMock = stubFan({
      'POST /api/account/email/change': () => json(emailChangeState({ pending: PENDING }), 202),
    });
    const { user } = renderApp('/settings/fan');
    const email = await emailInput();
    expect(email.value).toBe('owl@example.test');
    await user.clear(email);
    await user.type(email, NEW);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const note = EMAIL_CHANGE_MESSAGES.sentTo(NEW);
    expect(note).toBe(`We sent a link to ${NEW} — your email changes when you open it`);
    await waitFor(() => expect(screen.getAllByText(note).length).toBeGreaterThan(0));
    expect(callsTo(fetchMock, 'POST /api/account/email/change')).toEqual([{ email: NEW }]);
    // The profile PATCH never carries the email: the account's address is not a profile field.
    const [patch] = callsTo(fetchMock, 'PATCH /api/profile/fan') as object[];
    expect(patch).not.toHaveProperty('email');
    // Nothing changed yet: the field shows the address in use, the change waits under it.
    expect((await emailInput()).value).toBe('owl@example.test');
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('puts "already registered" under the Email field (409) and keeps what was typed', async () => {
    stubFan({
      'POST /api/account/email/change': () =>
        apiError(409, 'EMAIL_TAKEN', EMAIL_CHANGE_MESSAGES.taken, {
          email: EMAIL_CHANGE_MESSAGES.taken,
        }),
    });
    const { user } = renderApp('/settings/fan');
    const email = await emailInput();
    await user.clear(email);
    await user.type(email, 'taken@example.test');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.taken)).toBeTruthy();
    expect(email.value).toBe('taken@example.test');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('checks the address with the contract before sending anything', async () => {
    const fetchMock = stubFan();
    const { user } = renderApp('/settings/fan');
    const email = await emailInput();
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/email/change')).toHaveLength(0);
    expect(callsTo(fetchMock, 'PATCH /api/profile/fan')).toHaveLength(0);
  });

  it('sends no link when the email is unchanged', async () => {
    const fetchMock = stubFan();
    const { user } = renderApp('/settings/fan');
    await emailInput();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated');
    expect(callsTo(fetchMock, 'POST /api/account/email/change')).toHaveLength(0);
  });

  it('shows a waiting change on opening; Resend mails a new link, Cancel drops it', async () => {
    let pending: typeof PENDING | null = PENDING;
    const fetchMock = stubFan({
      'GET /api/account/email/change': () => json(emailChangeState({ pending })),
      'POST /api/account/email/change/resend': () => json(emailChangeState({ pending }), 202),
      'DELETE /api/account/email/change': () => {
        pending = null;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/settings/fan');
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.sentTo(NEW))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Link sent again')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/email/change/resend')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Email change cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/account/email/change')).toHaveLength(1);
    // Neither button submits the profile form it sits in.
    expect(callsTo(fetchMock, 'PATCH /api/profile/fan')).toHaveLength(0);
  });

  it.each(REQUEST_FAILURES)('says why a change could not be asked for: $name', async (failure) => {
    stubFan({ 'POST /api/account/email/change': failure.answer });
    const { user } = renderApp('/settings/fan');
    const email = await emailInput();
    await user.clear(email);
    await user.type(email, NEW);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectFailureShown(failure.message);
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it.each(REQUEST_FAILURES)('says why Resend failed: $name', async (failure) => {
    stubFan({
      'GET /api/account/email/change': () => json(emailChangeState({ pending: PENDING })),
      'POST /api/account/email/change/resend': failure.answer,
    });
    const { user } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    await expectFailureShown(failure.message);
  });
});
