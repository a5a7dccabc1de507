import fc from 'fast-check';

/** One megabyte: far past every limit (bodies stop at 64 KB), built once. */
const MEGABYTE = 'x'.repeat(1024 * 1024);

/** Strings Postgres, JSON, URLs or our own code may choke on. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'abc\u0000def',
  'Rock\u0000',
  '\u0001\u0002\u0003\u0007\u0008\u000b\u000c\u000e\u001b\u001f',
  'line\r\nbreak',
  'tab\tand\nnewline',
  '\u007f',
  '\u0085\u00a0\u2028\u2029',
  '\ud800',
  'a\udfffb',
  '\ufeff\u200b\u202e',
  '🎸🥁'.repeat(30),
  "'; DROP TABLE shows; --",
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '',
  ' ',
  '   \t  ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9999-12-31T23:59',
  '0000-00-00T00:00',
  '2027-02-30T20:00',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  MEGABYTE,
  `${MEGABYTE}\u0000`,
];

/** Numbers at and past the edges of every range, and the ones JSON parsers disagree about. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1e-320,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1.7976931348623157e308,
  -1.7976931348623157e308,
];

/** Nested arrays or objects this deep; JSON.stringify still manages it. */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Own `__proto__` keys, as JSON.parse makes them (an object literal would set the prototype). */
export const POISONED_OBJECTS: readonly unknown[] = [
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  JSON.parse('{"a":{"__proto__":{"polluted":1}}}'),
  JSON.parse('{"key\\u0000":"value","\\u0000":1}'),
];

/** Any hostile JSON value: a string, a number, a wrong type, deep nesting or a poisoned object. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], ['\u0000'], {
      a: '\u0000',
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom(nested(3000, 'array'), nested(1000, 'object')) },
  { weight: 1, arbitrary: fc.constantFrom(...POISONED_OBJECTS) },
);

/** Keys to add to a body: unknown ones, prototype ones, control characters. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'id',
  'userId',
  '\u0000',
  'a\u0000b',
  '',
];

/** Raw JSON texts for a whole body that no value above can express. */
export const HOSTILE_BODY_TEXTS: readonly string[] = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  '{"a":"\\u0000"}',
  '{"a\\u0000":1}',
  '"\\u0000"',
  '{"a":1,"a":2}',
  '{"a":1e999}',
  '{"a":-0}',
  '{',
  'null',
  '[]',
  '0',
  '\u0000',
  '\ufeff{}',
];

/**
 * Ways to spell a path segment that a router, a decoder or SQL may take differently from the
 * plain text: percent-encoded NUL and controls, overlong UTF-8, dot segments, encoded slashes,
 * double encoding, broken escapes.
 */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '%00',
  'abc%00',
  '%01%1F%7F',
  '%C0%80',
  '%E0%A4%A',
  '%',
  '%2e%2e',
  '..%2f..%2f',
  '%2F',
  '%252e%252e',
  '%u0000',
  '%F0%9F%8E%B8',
  '%ED%A0%80',
  'a%20b',
  `${'a'.repeat(300)}`,
  `x${'%41'.repeat(1000)}`,
  '..',
  '.',
  ';',
  'null',
];
