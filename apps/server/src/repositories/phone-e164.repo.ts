import { type SQL, sql } from 'drizzle-orm';

/**
 * `toE164` (adapters/sms/e164.ts) in SQL for a profile phone column, as a fragment of a query (the
 * SMS audience's opt-out check). Profiles hold only '(XXX) XXX-XXXX' (the contract validates it),
 * for which this and `toE164` agree (test/alerts/e164.test.ts checks both on Postgres).
 */
export function e164Sql(profilePhone: SQL): SQL {
  return sql`'+1' || regexp_replace(${profilePhone}, '\\D', '', 'g')`;
}
