import { AUTH_MESSAGES } from '@encore/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, stubApi } from '@/testing/stub-api';

// The two forms lost react-hook-form: what it did for the keyboard user is proved
// here — the first invalid field takes the focus, Enter submits, a server's field error is focused.
const input = (label: string) =>
  screen.getByLabelText(label, { exact: true, selector: 'input' }) as HTMLInputElement;

describe('the auth forms and the keyboard', () => {
  it('sign-up: Enter on an empty form shows every message and focuses Username', async () => {
    const fetchMock = stubApi();
    const { user } = renderApp('/auth/create-account');
    await screen.findByRole('heading', { name: 'Create Account', level: 1 });
    await user.click(input('Username'));
    await user.keyboard('{Enter}');

    expect(await screen.findByText(AUTH_MESSAGES.usernameTooShort)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeTruthy();
    expect(document.activeElement).toBe(input('Username'));
    expect(callsTo(fetchMock, 'GET /api/account/username-exists')).toEqual([]);
  });

  it('sign-up: with a valid username, the focus goes to the first invalid field below it', async () => {
    stubApi();
    const { user } = renderApp('/auth/create-account');
    await screen.findByRole('heading', { name: 'Create Account', level: 1 });
    await user.type(input('Username'), 'nightowl');
    await user.type(input('Email'), 'owl@example.test');
    await user.type(input('Password'), 'Encore2026{Enter}');

    expect(await screen.findByText(AUTH_MESSAGES.passwordsDontMatch)).toBeTruthy();
    expect(document.activeElement).toBe(input('Confirm Password'));
    // Fixing the field takes its message away as it is typed.
    await user.type(input('Confirm Password'), 'Encore2026');
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.passwordsDontMatch)).toBeNull());
  });

  it("login: a server's field error goes under its field and takes the focus", async () => {
    stubApi({
      'POST /api/account/login': () =>
        apiError(400, 'VALIDATION_FAILED', 'Invalid input', { password: 'Password is required' }),
    });
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(input('Email'), 'owl@example.test');
    await user.type(input('Password'), 'x{Enter}');

    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(input('Password').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input('Password')));
  });

  it('login: the first submit focuses Email, the first invalid field', async () => {
    stubApi();
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(input('Password'), 'secret{Enter}');
    expect(await screen.findByText(AUTH_MESSAGES.invalidEmail)).toBeTruthy();
    expect(document.activeElement).toBe(input('Email'));
  });
});
