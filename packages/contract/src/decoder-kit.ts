import { isObject, type Reader } from './decoder-core.ts';

/**
 * Readers for the zod-free twins of the signed-in frame's answers (signed-in-decoders.ts). Each does
 * what the zod type of the same name does to a JSON answer — `object` drops unknown keys as
 * z.object does, `int` takes safe integers as z.number().int() does — and answers `undefined` for a
 * value its schema would refuse; signed-in-decoders.test.ts holds them to the schemas. Apart from
 * decoder-core.ts so the first pages, whose answer-decoders.ts needs only the core, do not carry
 * them (a module lands in one chunk whole).
 */

export const string: Reader<string> = (v) => (typeof v === 'string' ? v : undefined);
export const boolean: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : undefined);
/** z.number(): finite numbers only. */
export const number: Reader<number> = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
/** z.number().int(): zod 4 takes safe integers only. */
export const int: Reader<number> = (v) =>
  typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;

/** z.enum(values). */
export const oneOf =
  <const V extends readonly string[]>(values: V): Reader<V[number]> =>
  (v) =>
    (values as readonly unknown[]).includes(v) ? (v as V[number]) : undefined;

/** .nullable(): null is a value here, `undefined` still a refusal. */
export const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (v) =>
    v === null ? null : read(v);

/** .default(value): a missing key reads as `value`. */
export const withDefault =
  <T>(read: Reader<T>, value: T): Reader<T> =>
  (v) =>
    v === undefined ? value : read(v);

/** z.array(item), with zod's .max(n) when given. */
export const arrayOf =
  <T>(read: Reader<T>, max = Number.POSITIVE_INFINITY): Reader<T[]> =>
  (v) => {
    if (!Array.isArray(v) || v.length > max) return undefined;
    const out: T[] = [];
    for (const item of v) {
      const decoded = read(item);
      if (decoded === undefined) return undefined;
      out.push(decoded);
    }
    return out;
  };

/** .optional() inside `object`: a missing key stays missing. */
const OPTIONAL = Symbol('optional');
type Optional<T> = Reader<T> & { [OPTIONAL]: true };
export const optional = <T>(read: Reader<T>): Optional<T> =>
  Object.assign((v: unknown) => read(v), { [OPTIONAL]: true as const });

type Shape = Record<string, Reader<unknown>>;
type Decoded<S extends Shape> = {
  [K in keyof S as S[K] extends Optional<unknown> ? never : K]: S[K] extends Reader<infer T>
    ? T
    : never;
} & {
  [K in keyof S as S[K] extends Optional<unknown> ? K : never]?: S[K] extends Reader<infer T>
    ? T
    : never;
};

/** z.object(shape): the shape's keys read, in its order; unknown keys dropped. */
export const object =
  <S extends Shape>(shape: S): Reader<Decoded<S>> =>
  (v) => {
    if (!isObject(v)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const field = v[key];
      if (field === undefined && OPTIONAL in read) continue;
      const decoded = read(field);
      if (decoded === undefined) return undefined;
      out[key] = decoded;
    }
    return out as Decoded<S>;
  };
