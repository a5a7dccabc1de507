import { EMAIL_CHANGE_MESSAGES } from '@encore/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json, stubApi } from '@/testing/stub-api';
import { ConfirmEmailPageRoute } from './confirm-email-page';

const CONFIRM = 'POST /api/account/email/change/confirm';

describe('confirm email page', () => {
  it('confirms once on opening, signed out, with the token from the #fragment', async () => {
    const fetchMock = stubApi({ [CONFIRM]: () => json({ email: 'new.owl@example.test' }) });
    renderApp('/account/confirm-email#token=tok_en-1');
    expect(await screen.findByText('Email changed')).toBeTruthy();
    expect(screen.getByText('new.owl@example.test')).toBeTruthy();
    // The server ended the account's other sessions (second security probe): the page says so.
    expect(screen.getByText("You've been signed out on your other devices.")).toBeTruthy();
    expect(callsTo(fetchMock, CONFIRM)).toEqual([{ token: 'tok_en-1' }]);
    // The token never travels in a URL: the only request carrying it is the POST's body.
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((url) => url.includes('tok_en-1'))).toBe(false);
  });

  it('posts once under StrictMode, whose development double effect would post twice', async () => {
    const fetchMock = stubApi({ [CONFIRM]: () => json({ email: 'new.owl@example.test' }) });
    render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/account/confirm-email#token=strict']}>
            <ConfirmEmailPageRoute />
          </MemoryRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('Email changed')).toBeTruthy();
    expect(callsTo(fetchMock, CONFIRM)).toHaveLength(1);
  });

  it.each([
    ['used or forged', 400, 'BAD_REQUEST', EMAIL_CHANGE_MESSAGES.linkInvalid],
    ['expired', 400, 'BAD_REQUEST', EMAIL_CHANGE_MESSAGES.linkExpired],
    ['taken meanwhile', 409, 'EMAIL_TAKEN', EMAIL_CHANGE_MESSAGES.taken],
  ])('says why a %s link changed nothing', async (_, status, code, message) => {
    stubApi({ [CONFIRM]: () => apiError(status, code, message) });
    renderApp('/account/confirm-email#token=old');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(screen.queryByText('Email changed')).toBeNull();
  });

  it('sends nothing without a token', async () => {
    const fetchMock = stubApi();
    renderApp('/account/confirm-email');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(EMAIL_CHANGE_MESSAGES.linkInvalid);
    expect(callsTo(fetchMock, CONFIRM)).toHaveLength(0);
  });

  it.each(REQUEST_FAILURES)('says why it could not confirm: $name', async (failure) => {
    stubApi({ [CONFIRM]: failure.answer });
    renderApp('/account/confirm-email#token=tok');
    await expectFailureShown(failure.message);
    expect(screen.queryByText(EMAIL_CHANGE_MESSAGES.linkInvalid)).toBeNull();
  });
});
