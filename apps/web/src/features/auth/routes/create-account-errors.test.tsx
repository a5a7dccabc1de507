import { GENERIC_MESSAGES, SIGN_UP_MESSAGES as M } from '@encore/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, json, stubApi } from '@/testing/stub-api';
import { submitValidSignUp } from '../testing/sign-up';

const usernameAvailable = { 'GET /api/account/username-exists': () => json({ exists: false }) };
const usernameInput = () => screen.getByLabelText('Username', { selector: 'input' });

describe('sign-up failures (spec section 8)', () => {
  it('a taken username stops before sign-up, under the field and in a toast', async () => {
    const fetchMock = stubApi({
      'GET /api/account/username-exists': ({ query }) =>
        json({ exists: query.get('username_to_check') === 'nightowl' }),
    });
    await submitValidSignUp();
    expect(await screen.findByText(M.usernameExistsDescription)).toBeTruthy();
    expect(screen.getAllByText(M.usernameExists)).toHaveLength(2);
    expect(usernameInput().getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/account/sign-up')).toEqual([]);
  });

  it('USERNAME_TAKEN from the server (a race) reads the same', async () => {
    stubApi({
      ...usernameAvailable,
      'POST /api/account/sign-up': () =>
        apiError(409, 'USERNAME_TAKEN', M.usernameExists, { username: M.usernameExists }),
    });
    await submitValidSignUp();
    expect(await screen.findByText(M.usernameExistsDescription)).toBeTruthy();
    expect(usernameInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('a registered email: message under Email and an "Account creation failed" toast', async () => {
    stubApi({
      ...usernameAvailable,
      'POST /api/account/sign-up': () =>
        apiError(409, 'EMAIL_TAKEN', M.emailRegistered, { email: M.emailRegistered }),
    });
    await submitValidSignUp();
    expect(await screen.findByText(M.failedTitle)).toBeTruthy();
    expect(screen.getAllByText(M.emailRegistered)).toHaveLength(2);
    const email = screen.getByLabelText('Email', { selector: 'input' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('field errors from a 400 go under their fields, without a toast', async () => {
    stubApi({
      ...usernameAvailable,
      'POST /api/account/sign-up': () =>
        apiError(400, 'VALIDATION_FAILED', 'Invalid input', { email: M.invalidEmail }),
    });
    await submitValidSignUp();
    expect(await screen.findByText(M.invalidEmail)).toBeTruthy();
    expect(screen.queryByText(M.failedTitle)).toBeNull();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), M.network],
    [
      'too many attempts',
      () => apiError(429, 'RATE_LIMITED', GENERIC_MESSAGES.rateLimited),
      GENERIC_MESSAGES.rateLimited,
    ],
    ['a server error', () => apiError(500, 'INTERNAL', GENERIC_MESSAGES.internal), M.noUser],
  ])('%s keeps the form and explains in a toast', async (_, answer, description) => {
    stubApi({ ...usernameAvailable, 'POST /api/account/sign-up': answer });
    const view = await submitValidSignUp();
    expect(await screen.findByText(description)).toBeTruthy();
    expect(screen.getByText(M.failedTitle)).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/auth/create-account');
    expect((usernameInput() as HTMLInputElement).value).toBe('nightowl');
  });
});
