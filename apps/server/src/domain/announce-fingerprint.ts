import { createHash } from 'node:crypto';

/**
 * What an Idempotency-Key is bound to: a hash of the announcement as parsed (so whitespace the
 * schema trims does not count), with keys sorted so property order does not either. The same-day
 * and same-night confirmations are left out: resending a request with it is still that request.
 */
export function announceFingerprint(input: Record<string, unknown>): string {
  const { confirmSameDay: _sameDay, confirmSameNight: _sameNight, ...announcement } = input;
  return createHash('sha256').update(canonicalJson(announcement)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
