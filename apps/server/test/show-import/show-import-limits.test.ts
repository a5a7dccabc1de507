import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { expectLimited, tightLimits } from '../support/rate-limits.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { bookers, CSV_HEADER, confirm, csvFile, preview } from './support/import.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: tightLimits({ showImports: 2 }) });
});
afterAll(() => t.close());

describe('the show import’s rate limit', () => {
  it('counts previews and imports together, per account', async () => {
    const { performer, venue } = await bookers(t);
    const source = csvFile(CSV_HEADER, `${YEAR}-03-01,20:00,X,78701,,,1 Main St`);
    expect((await preview(t, performer.cookie, source)).statusCode).toBe(200);
    expect((await confirm(t, performer.cookie, source, ['csv:nope'])).statusCode).toBe(409);
    expectLimited(await preview(t, performer.cookie, source));
    // Another account has its own count.
    expect((await preview(t, venue.cookie, csvFile('date,time,artist'))).statusCode).toBe(400);
  });
});
