import { LOGIN_MESSAGES, SIGN_UP_MESSAGES } from '@encore/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { json, stubApi } from '@/testing/stub-api';
import { submitValidSignUp } from '../testing/sign-up';

/** A refused or failed sign-up or login always says so; the form keeps what was typed. */
describe('auth forms when the request fails', () => {
  // The spec's 'Account creation failed - please try again' stands for a server error.
  const signUpMessage = (failure: (typeof REQUEST_FAILURES)[number]) =>
    failure.name === '500 server error' ? SIGN_UP_MESSAGES.noUser : failure.message;

  it.each(REQUEST_FAILURES)('sign-up: $name', async (failure) => {
    stubApi({
      'GET /api/account/username-exists': () => json({ exists: false }),
      'POST /api/account/sign-up': failure.answer,
    });
    const view = await submitValidSignUp();
    const toast = await expectFailureShown(signUpMessage(failure));
    expect(toast.textContent).toContain(SIGN_UP_MESSAGES.failedTitle);
    expect(view.router.state.location.pathname).toBe('/auth/create-account');
  });

  it.each(REQUEST_FAILURES)('sign-up, the username check: $name', async (failure) => {
    stubApi({ 'GET /api/account/username-exists': failure.answer });
    await submitValidSignUp();
    const toast = await expectFailureShown(signUpMessage(failure));
    expect(toast.textContent).toContain(SIGN_UP_MESSAGES.failedTitle);
  });

  it.each(REQUEST_FAILURES)('login: $name', async (failure) => {
    stubApi({ 'POST /api/account/login': failure.answer });
    const view = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await view.user.type(screen.getByLabelText('Email', { selector: 'input' }), 'owl@example.test');
    await view.user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Encore2026');
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    const toast = await expectFailureShown(failure.message);
    expect(toast.textContent).toContain(LOGIN_MESSAGES.failedTitle);
  });
});
