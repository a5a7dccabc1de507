import { GENERIC_MESSAGES, SIGN_UP_MESSAGES } from '@encore/contract';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { reportRequestError } from './report-request-error';

const FIELDS = ['title', 'supportingActs'] as const;

/** Reports `error` for a form with FIELDS; returns what went under fields and into toasts. */
function report(error: unknown, options: { inline?: boolean } = {}) {
  const toastError = vi.spyOn(toast, 'error');
  const underFields: Record<string, string> = {};
  const inline: string[] = [];
  reportRequestError(error, {
    title: 'Could not save',
    fields: { names: FIELDS, set: (field, message) => (underFields[field] = message) },
    show: options.inline ? (message) => inline.push(message) : undefined,
  });
  const toasts = toastError.mock.calls.map(([title, data]) => [title, data?.description]);
  return { underFields, toasts, inline };
}

const http = (status: number, message: string, fields?: Record<string, string>) =>
  new ApiError({ kind: 'http', status, message, fields });

describe('reportRequestError', () => {
  it('puts owned field messages under their fields, nested paths under their field, no toast', () => {
    const error = http(400, 'Invalid input', { title: 'Too long', 'supportingActs.1': 'Blank' });
    expect(report(error)).toEqual({
      underFields: { title: 'Too long', supportingActs: 'Blank' },
      toasts: [],
      inline: [],
    });
  });

  it('toasts a field message no input owns, and still places the owned ones', () => {
    const error = http(400, 'Invalid input', { title: 'Too long', venueId: 'Unknown venue' });
    const { underFields, toasts } = report(error);
    expect(underFields).toEqual({ title: 'Too long' });
    expect(toasts).toEqual([['Could not save', 'Unknown venue']]);
  });

  it.each([
    ['a 400 without fields', http(400, 'Requests with a body must be sent as JSON')],
    ['a 403', http(403, GENERIC_MESSAGES.csrf)],
    ['a 429', http(429, GENERIC_MESSAGES.rateLimited)],
    ['a 500', http(500, GENERIC_MESSAGES.internal)],
    ['a network error', new ApiError({ kind: 'network', message: SIGN_UP_MESSAGES.network })],
    ['a timeout', new ApiError({ kind: 'timeout', message: SIGN_UP_MESSAGES.timeoutDisplayed })],
  ])('toasts the message of %s', (_, error) => {
    expect(report(error).toasts).toEqual([['Could not save', error.message]]);
  });

  it('shows the message in the form’s own slot instead of a toast when it has one', () => {
    const { toasts, inline } = report(http(429, GENERIC_MESSAGES.rateLimited), { inline: true });
    expect(toasts).toEqual([]);
    expect(inline).toEqual([GENERIC_MESSAGES.rateLimited]);
  });

  it('never shows a non-API error’s text (a bug’s message is not for users)', () => {
    const { toasts } = report(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(toasts).toEqual([['Could not save', GENERIC_MESSAGES.internal]]);
  });

  it('lets a form word a failure its own way (the spec’s texts)', () => {
    const toastError = vi.spyOn(toast, 'error');
    reportRequestError(http(401, GENERIC_MESSAGES.unauthenticated), {
      title: 'Error',
      describe: (e) => (e.status === 401 ? 'Not authenticated' : undefined),
    });
    expect(toastError).toHaveBeenCalledWith('Error', {
      id: 'request-error:Error',
      description: 'Not authenticated',
    });
  });
});
