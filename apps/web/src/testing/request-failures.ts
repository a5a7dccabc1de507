import { GENERIC_MESSAGES, SIGN_UP_MESSAGES } from '@encore/contract';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';
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

/** A form (or button) on a page that sends one request, and how a user submits it. */
export interface PageFormCase {
  form: string;
  path: string;
  /** Answers the page needs besides the signed-in user's (by "METHOD /path"). */
  loads?: Record<string, () => Response>;
  /** The request, "METHOD /path", answered with each of REQUEST_FAILURES in turn. */
  request: string;
  act: (user: UserEvent) => Promise<void>;
}

/**
 * For each form and each of REQUEST_FAILURES, a test: the page stubbed by `stub` with the form's
 * loads and its request failing, the form submitted, and the failure shown. `title` names each
 * form's block ('$form' is the form's name).
 */
export function describeRequestFailures(
  title: string,
  forms: PageFormCase[],
  stub: (answers: Record<string, () => Response | Promise<Response>>) => unknown,
): void {
  describe.each(forms)(title, ({ path, loads, request, act }) => {
    it.each(REQUEST_FAILURES)('$name', async (failure) => {
      stub({ ...loads, [request]: failure.answer });
      const { user } = renderApp(path);
      await act(user);
      await expectFailureShown(failure.message);
    });
  });
}
