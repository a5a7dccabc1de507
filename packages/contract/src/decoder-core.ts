import type { StandardSchemaV1 } from './standard-schema.ts';

/**
 * What every zod-free twin of an answer schema needs (answer-decoders.ts on the first pages,
 * signed-in-decoders.ts with decoder-kit.ts's readers on the signed-in frame): a reader answers the
 * decoded value, or `undefined` for a value its schema would refuse, and `decoder` makes it a
 * Standard Schema, which `apiRequest` takes as it takes a zod schema.
 */

export type Reader<T> = (value: unknown) => T | undefined;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A reader as a Standard Schema, which `apiRequest` takes as it takes a zod schema. */
export function decoder<T>(read: Reader<T>): StandardSchemaV1<unknown, T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'encore',
      validate: (value) => {
        const decoded = read(value);
        return decoded === undefined
          ? { issues: [{ message: 'Invalid input' }] }
          : { value: decoded };
      },
    },
  };
}
