import { describe, expect, it } from 'vitest';
import {
  DApiError,
  DAuthResponse,
  DSessionResponse,
  DUsernameExistsResponse,
  type StandardSchemaV1,
  ZApiError,
  ZAuthResponse,
  ZSessionResponse,
  ZUsernameExistsResponse,
} from './index.ts';

/**
 * Each zod-free decoder (answer-decoders.ts) accepts exactly what its zod schema accepts and returns
 * the same value (unknown keys dropped), over valid answers and each way of breaking them.
 */
function decoded(decoder: StandardSchemaV1, value: unknown) {
  const result = decoder['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('the decoders are synchronous');
  return result.issues ? { ok: false } : { ok: true, value: result.value };
}
function parsed(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

const USER = {
  id: 'u1',
  username: 'Fan_1',
  email: 'fan@example.com',
  role: 'fan',
  profileComplete: false,
  createdAt: '2026-11-27T08:00:00.000Z',
};
const WRONG = [undefined, null, 1, '', 'x', true, [], {}, ['fan']];
/** The user, then each of its fields missing or of each wrong kind, then extra keys. */
const users: unknown[] = [
  USER,
  { ...USER, role: 'venue', profileComplete: true },
  { ...USER, extra: 'dropped' },
  ...Object.keys(USER).flatMap((key) => WRONG.map((wrong) => ({ ...USER, [key]: wrong }))),
  ...WRONG,
];

const CODES = [
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'RATE_LIMITED',
  'NOPE',
  'not_found',
  1,
  null,
  undefined,
];
const refusals: unknown[] = [
  ...CODES.map((code) => ({ error: { code, message: 'Not found' } })),
  {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Bad',
      fields: { email: 'Invalid email address' },
    },
  },
  { error: { code: 'VALIDATION_FAILED', message: 'Bad', fields: { email: 1 } } },
  { error: { code: 'VALIDATION_FAILED', message: 'Bad', fields: ['x'] } },
  { error: { code: 'VALIDATION_FAILED', message: 'Bad', fields: null } },
  { error: { code: 'CONFLICT', message: 'Taken', detail: { showId: 's1', nested: { a: [1] } } } },
  { error: { code: 'CONFLICT', message: 'Taken', detail: 'x' } },
  { error: { code: 'CONFLICT', message: 'Taken', detail: [] } },
  { error: { code: 'CONFLICT', message: 'Taken', extra: 1 }, other: 2 },
  { error: { code: 'CONFLICT' } },
  { error: { code: 'CONFLICT', message: 3 } },
  { error: 'Not found' },
  { message: 'Not found' },
  ...WRONG,
];

describe('the zod-free answer decoders agree with their zod schemas', () => {
  it('DSessionResponse ≡ ZSessionResponse', () => {
    for (const value of [
      { user: null },
      { user: null, extra: 1 },
      {},
      ...users.map((user) => ({ user })),
      ...WRONG,
    ])
      expect(decoded(DSessionResponse, value), JSON.stringify(value)).toEqual(
        parsed(ZSessionResponse, value),
      );
  });

  it('DAuthResponse ≡ ZAuthResponse', () => {
    for (const value of [{ user: null }, ...users.map((user) => ({ user })), ...WRONG])
      expect(decoded(DAuthResponse, value), JSON.stringify(value)).toEqual(
        parsed(ZAuthResponse, value),
      );
  });

  it('DUsernameExistsResponse ≡ ZUsernameExistsResponse', () => {
    for (const value of [
      { exists: true },
      { exists: false, extra: 1 },
      ...WRONG.map((exists) => ({ exists })),
      ...WRONG,
    ])
      expect(decoded(DUsernameExistsResponse, value), JSON.stringify(value)).toEqual(
        parsed(ZUsernameExistsResponse, value),
      );
  });

  it('DApiError ≡ ZApiError', () => {
    for (const value of refusals)
      expect(decoded(DApiError, value), JSON.stringify(value)).toEqual(parsed(ZApiError, value));
  });
});
