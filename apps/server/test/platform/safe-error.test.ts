import { describe, expect, it } from 'vitest';
import { safeError } from '../../src/logging/safe-error.ts';

/** A statement as long as the outcome recorder's, failed the way drizzle reports it. */
function failedQuery(): Error {
  const statement = `update alert_deliveries d set state = o.state, attempts = d.attempts + 1
    from unnest($1::bigint[], $2::text[], $3::text[]) as o(id, state, error)
    where d.id = o.id ${'and true '.repeat(1_000)}`;
  const error = new Error(
    `Failed query: ${statement}\nparams: {1,2},{sent,retry},+15551234567,fan@example.com`,
  );
  const cause = Object.assign(new Error('timeout exceeded when trying to connect'), {
    detail: 'Key (phone)=(+15551234567) already exists.',
  });
  return Object.assign(error, { cause, params: ['+15551234567', 'fan@example.com'] });
}

describe('safeError (how a failure is logged)', () => {
  it('keeps one short line of the statement and nothing the request carried', () => {
    const logged = JSON.stringify(safeError(failedQuery()));
    expect(logged).not.toContain('+15551234567');
    expect(logged).not.toContain('fan@example.com');
    expect(logged).toContain('params: [not logged]');
    // The start of the statement says which one failed; the rest (kilobytes) is not written.
    expect(logged).toContain('Failed query: update alert_deliveries d set state');
    // The statement alone is 9 KB, and was written twice (message and stack); the stacks stay.
    expect(logged.length).toBeLessThan(4_000);
    expect(safeError(failedQuery()).message.length).toBeLessThan(200);
  });

  it('keeps the cause and its code, which say why', () => {
    const error = failedQuery();
    Object.assign(error.cause as Error, { code: '57P01' });
    expect(safeError(error).cause).toMatchObject({ code: '57P01', type: 'Error' });
  });
});
