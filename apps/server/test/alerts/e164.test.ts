import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePhoneFromE164, toE164 } from '../../src/adapters/sms/e164.ts';
import type { Database } from '../../src/db/client.ts';
import { e164Sql } from '../../src/repositories/phone-e164.repo.ts';
import { createTestDatabase } from '../support/test-app.ts';

describe('toE164: the one conversion of a phone to E.164', () => {
  it('turns a US number with punctuation into +1 and its ten digits', () => {
    expect(toE164('(212) 555-0142')).toBe('+12125550142');
    expect(toE164('212.555.0142')).toBe('+12125550142');
    expect(toE164(' 212 555 0142 ')).toBe('+12125550142');
  });

  it('keeps a number already in E.164 as it is', () => {
    expect(toE164('+12125550142')).toBe('+12125550142');
    expect(toE164('+442071838750')).toBe('+442071838750');
    expect(toE164('+1 (212) 555-0142')).toBe('+12125550142');
  });

  it('reads eleven digits with a leading 1 as the same US number', () => {
    expect(toE164('12125550142')).toBe('+12125550142');
    expect(toE164('1-212-555-0142')).toBe('+12125550142');
  });

  it('refuses what no E.164 number can be (too few or too many digits, none at all)', () => {
    expect(toE164('')).toBeNull();
    expect(toE164('STOP')).toBeNull();
    expect(toE164('555-0142')).toBeNull();
    expect(toE164('+1234567890123456')).toBeNull();
  });

  it('has an inverse for US numbers, back to the profile format', () => {
    expect(profilePhoneFromE164('+12125550142')).toBe('(212) 555-0142');
    expect(profilePhoneFromE164('+442071838750')).toBeNull();
  });
});

describe('e164Sql: toE164 inside a query, on Postgres', () => {
  let database: Database;
  beforeAll(async () => {
    database = (await createTestDatabase()).database;
  });
  afterAll(() => database?.close());

  it('agrees with toE164 for every profile phone format', async () => {
    for (const phone of ['(212) 555-0142', '(917) 000-9999']) {
      const { rows } = await database.orm.execute<{ e164: string }>(
        sql`select ${e164Sql(sql`${phone}::text`)} as e164`,
      );
      expect(rows[0]?.e164).toBe(toE164(phone));
    }
  });
});
