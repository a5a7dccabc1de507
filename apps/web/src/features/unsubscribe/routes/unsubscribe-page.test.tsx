import { NOTIFICATION_MESSAGES } from '@encore/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, json, stubApi } from '@/testing/stub-api';
import { UnsubscribePageRoute } from './unsubscribe-page';

const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input]) => String(input));

const BUTTON = { name: 'Unsubscribe from alert emails' };

describe('unsubscribe page', () => {
  it('changes nothing on opening; one click unsubscribes, signed out, and names the address', async () => {
    const fetchMock = stubApi({
      'POST /api/unsubscribe/tok.en-1': () =>
        json({ email: 'owl@example.test', unsubscribed: true, scope: 'alerts' }),
    });
    renderApp('/unsubscribe?token=tok.en-1');
    const button = await screen.findByRole('button', BUTTON);
    // Decision 009: a mail scanner or a link preview opening the link unsubscribes nobody.
    expect(posts(fetchMock)).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeTruthy();
    expect(screen.getByText('owl@example.test')).toBeTruthy();
    expect(screen.queryByRole('button', BUTTON)).toBeNull();
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
      '/settings/fan',
    );
    expect(posts(fetchMock)).toEqual(['/api/unsubscribe/tok.en-1']);
  });

  it('posts nothing on opening under StrictMode either (its development double effects)', async () => {
    const fetchMock = stubApi({
      'POST /api/unsubscribe/str.ict': () =>
        json({ email: 'owl@example.test', unsubscribed: true, scope: 'alerts' }),
    });
    render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/unsubscribe?token=str.ict']}>
            <UnsubscribePageRoute />
          </MemoryRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
    fireEvent.click(await screen.findByRole('button', BUTTON));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeTruthy();
    expect(posts(fetchMock)).toEqual(['/api/unsubscribe/str.ict']);
  });

  it('says the link is not valid when the server refuses the token', async () => {
    const fetchMock = stubApi({
      'POST /api/unsubscribe/tamp.ered': () =>
        apiError(400, 'BAD_REQUEST', NOTIFICATION_MESSAGES.badUnsubscribeLink),
    });
    renderApp('/unsubscribe?token=tamp.ered');
    fireEvent.click(await screen.findByRole('button', BUTTON));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NOTIFICATION_MESSAGES.badUnsubscribeLink);
    expect(screen.queryByRole('button', BUTTON)).toBeNull();
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('a Show Pals link says so, and switches off Show Pals emails only', async () => {
    const fetchMock = stubApi({
      'POST /api/unsubscribe/show-pals.b3ds.mac': () =>
        json({ email: 'owl@example.test', unsubscribed: true, scope: 'show-pals' }),
    });
    renderApp('/unsubscribe?token=show-pals.b3ds.mac');
    expect(await screen.findByRole('heading', { name: 'Show Pals emails' })).toBeTruthy();
    expect(screen.queryByRole('button', BUTTON)).toBeNull();
    expect(posts(fetchMock)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from Show Pals emails' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unsubscribedShowPals)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'No more Show Pals emails go to owl@example.test.',
    );
    expect(screen.queryByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeNull();
    expect(posts(fetchMock)).toEqual(['/api/unsubscribe/show-pals.b3ds.mac']);
  });

  it('offers nothing to click for a token of no known form', async () => {
    const fetchMock = stubApi();
    renderApp('/unsubscribe?token=mystery.b3ds.mac');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NOTIFICATION_MESSAGES.badUnsubscribeLink);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('offers nothing to click without a token', async () => {
    const fetchMock = stubApi();
    renderApp('/unsubscribe');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NOTIFICATION_MESSAGES.badUnsubscribeLink);
    expect(screen.queryByRole('button', BUTTON)).toBeNull();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  // Only a refused token is a bad link; anything else says what happened, and the
  // button stays for another try.
  it.each(REQUEST_FAILURES)('says why when it cannot unsubscribe: $name', async (failure) => {
    stubApi({ 'POST /api/unsubscribe/tok.en-1': failure.answer });
    renderApp('/unsubscribe?token=tok.en-1');
    fireEvent.click(await screen.findByRole('button', BUTTON));
    await expectFailureShown(failure.message);
    expect(screen.queryByText(NOTIFICATION_MESSAGES.badUnsubscribeLink)).toBeNull();
    expect(screen.getByRole('button', BUTTON)).toBeTruthy();
  });
});
