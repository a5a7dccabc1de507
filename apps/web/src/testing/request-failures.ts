import { GENERIC_MESSAGES, SIGN_UP_MESSAGES } from '@encore/contract';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { json } from './stub-api';

/**
 * The four ways a request fails that no form field owns: refused (a CSRF or role
 * check), rate limited, a server error, and no connection. Each answers like the real server
 * (or the browser, for the network) and names the message the user must then see.
 */
export const REQUEST_FAILURES = [
  {
    name: '403 refused',
    answer: () => json({ error: { code: 'CSRF_REJECTED', message: GENERIC_MESSAGES.csrf } }, 403),
    message: GENERIC_MESSAGES.csrf,
  },
  {
    name: '429 rate limited',
    answer: () =>
      new Response(
        JSON.stringify({ error: { code: 'RATE_LIMITED', message: GENERIC_MESSAGES.rateLimited } }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '60' } },
      ),
    message: GENERIC_MESSAGES.rateLimited,
  },
  {
    name: '500 server error',
    answer: () => json({ error: { code: 'INTERNAL', message: GENERIC_MESSAGES.internal } }, 500),
    message: GENERIC_MESSAGES.internal,
  },
  {
    name: 'network error',
    answer: (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')),
    message: SIGN_UP_MESSAGES.network,
  },
] as const;

export type RequestFailure = (typeof REQUEST_FAILURES)[number];

/**
 * Waits for `message` and checks the user is told: it is in a toast or in a role="alert"
 * region (both are announced), not merely somewhere in the page, and not in a part of the page
 * hidden from screen readers (an open modal dialog hides everything outside it).
 */
export async function expectFailureShown(message: string): Promise<HTMLElement> {
  const [shown] = await screen.findAllByText(message);
  const host = shown?.closest('[data-sonner-toast], [role="alert"]');
  expect(host, `"${message}" is shown in a toast or an alert`).toBeTruthy();
  expect(host?.closest('[aria-hidden="true"]'), `"${message}" is not aria-hidden`).toBeNull();
  return host as HTMLElement;
}
