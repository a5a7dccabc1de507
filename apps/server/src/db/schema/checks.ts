import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A SQL list of string literals. CHECK constraints cannot take bind parameters. */
function literals(values: readonly string[]): SQL {
  return sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
}

/** The column holds one of the contract's options (mirrors a z.enum). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${literals(values)})`;

/** Every element of a text[] column is one of the options (mirrors z.array(z.enum)). */
export const allOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} <@ array[${literals(values)}]::text[]`;

/** Text length bounds, counted in characters as zod counts them. */
export const lengthBetween = (column: AnyPgColumn, min: number, max: number) =>
  sql`char_length(${column}) between ${sql.raw(String(min))} and ${sql.raw(String(max))}`;
