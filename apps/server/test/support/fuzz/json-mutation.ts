import fc from 'fast-check';
import { HOSTILE_KEYS, hostileValue } from './hostile-values.ts';

type Path = Array<string | number>;

const MAX_DEPTH = 12;

/** Control characters to slip into an otherwise valid string: NUL most of all. */
const CONTROLS = ['\u0000', '\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f', '\r'];

/**
 * One hostile change somewhere in a valid JSON value: a control character inside a string, a
 * hostile value in place of any part, an extra (unknown, prototype, control) key, a missing key,
 * or a part wrapped in an array.
 */
export function mutateJson(value: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(value);
  const strings = paths.filter((path) => typeof get(value, path) === 'string');
  const objects = paths.filter((path) => isObject(get(value, path)));
  const members = paths.filter((path) => path.length > 0);
  const choices: fc.WeightedArbitrary<unknown>[] = [
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), hostileValue)
        .map(([path, hostile]) => set(value, path, hostile)),
    },
  ];
  if (strings.length > 0) {
    choices.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...strings), fc.constantFrom(...CONTROLS), fc.nat())
        .map(([path, control, at]) => {
          const text = get(value, path) as string;
          const index = text.length === 0 ? 0 : at % (text.length + 1);
          return set(value, path, text.slice(0, index) + control + text.slice(index));
        }),
    });
  }
  if (objects.length > 0) {
    choices.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...objects),
          fc.constantFrom(...HOSTILE_KEYS),
          fc.oneof(hostileValue, fc.constant(true)),
        )
        .map(([path, key, extra]) => set(value, [...path, key], extra)),
    });
  }
  if (members.length > 0) {
    choices.push(
      {
        weight: 1,
        arbitrary: fc.constantFrom(...members).map((path) => remove(value, path)),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...members).map((path) => set(value, path, [get(value, path)])),
      },
    );
  }
  return fc.oneof(...choices);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every part's path, not descending past MAX_DEPTH (a hostile value may nest thousands deep). */
function pathsOf(value: unknown, path: Path = []): Path[] {
  if (path.length >= MAX_DEPTH) return [path];
  const children: Path[] = Array.isArray(value)
    ? value.flatMap((item, i) => pathsOf(item, [...path, i]))
    : isObject(value)
      ? Object.keys(value).flatMap((key) => pathsOf(value[key], [...path, key]))
      : [];
  return [path, ...children];
}

function get(value: unknown, path: Path): unknown {
  let current = value;
  for (const step of path) current = (current as Record<string | number, unknown>)[step];
  return current;
}

/**
 * A copy with the part at `path` replaced. Keys are defined, not assigned, so `__proto__`
 * becomes an own key that JSON.stringify writes out, as an attacker's JSON would carry it.
 */
function set(value: unknown, path: Path, replacement: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return replacement;
  const child = (value as Record<string | number, unknown>)[step];
  const updated = set(child, rest, replacement);
  if (Array.isArray(value)) return value.map((item, i) => (i === step ? updated : item));
  const copy = { ...(value as Record<string, unknown>) };
  Object.defineProperty(copy, step, { value: updated, enumerable: true, writable: true });
  return copy;
}

function remove(value: unknown, path: Path): unknown {
  const parent = path.slice(0, -1);
  const last = path[path.length - 1];
  const container = get(value, parent);
  if (Array.isArray(container)) {
    return set(
      value,
      parent,
      container.filter((_, i) => i !== last),
    );
  }
  const copy = { ...(container as Record<string, unknown>) };
  delete copy[last as string];
  return set(value, parent, copy);
}
