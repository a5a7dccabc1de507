import fc from 'fast-check';

/** The part of JSON Schema (2020-12, as zod writes it into the OpenAPI document) we generate from. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: unknown;
};

/**
 * Values that pass more than the schema says (refinements the document cannot express: a real
 * performer id, a URL with a dot in its host, the test password), by field name. Taken from the
 * test factories' valid inputs and the fuzz world's ids, so valid requests get past validation
 * and into the services and SQL.
 */
export type Examples = ReadonlyMap<string, readonly unknown[]>;

/** The examples' name for whole request bodies (a valid announcement, a complete profile). */
export const WHOLE_BODY = '(body)';

/** Keeps generated strings short: long ones are the hostile values' job. */
const PLAIN_STRING_MAX = 40;

/**
 * A fast-check arbitrary of values the schema accepts (mostly: zod refinements are not in the
 * document), preferring the examples of a field when there are some.
 */
export function schemaArbitrary(
  schema: JsonSchema,
  examples: Examples,
  name?: string,
): fc.Arbitrary<unknown> {
  const fromSchema = bySchema(schema, examples, name);
  // A name means different things on different routes (`email` is an address in a profile, a
  // switch in the notification settings): only the examples this schema takes.
  const known = (name === undefined ? [] : (examples.get(name) ?? [])).filter((value) =>
    fits(value, schema),
  );
  if (known.length === 0) return fromSchema;
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fromSchema },
  );
}

function bySchema(schema: JsonSchema, examples: Examples, name?: string): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return fc.oneof(...alternatives.map((s) => schemaArbitrary(s, examples, name)));
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => bySchema({ ...schema, type }, examples, name)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
    case 'number':
      return numberArbitrary(schema, types[0] === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schemaArbitrary(schema.items ?? {}, examples, singular(name));
      const lengths = {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      };
      // Lists of options (genres, channels, days) are sets: zod refines them unique.
      return schema.items?.enum ? fc.uniqueArray(items, lengths) : fc.array(items, lengths);
    }
    case 'object':
      return objectArbitrary(schema, examples);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, examples: Examples): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = schemaArbitrary(property, examples, key);
  }
  const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
  const fixed = fc.record(model, { requiredKeys });
  if (typeof schema.additionalProperties !== 'object') return fixed;
  // A free-form map (a form post's fields): a few string keys of the given value type.
  const extra = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }),
    schemaArbitrary(schema.additionalProperties, examples),
    { maxKeys: 4 },
  );
  return fc.tuple(fixed, extra).map(([a, b]) => ({ ...b, ...a }));
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? PLAIN_STRING_MAX, 200));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl({ withQueryParameters: true });
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter(
    (p): p is string => p !== undefined,
  );
  if (patterns.length === 1 && patterns[0]?.startsWith('^')) {
    return fc.stringMatching(new RegExp(patterns[0])).filter((s) => s.length <= maxLength);
  }
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  if (schema.multipleOf) {
    const step = schema.multipleOf;
    return fc
      .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
      .map((n) => n * step);
  }
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** `performerIds` -> `performerId`: an array's items share the examples of the singular field. */
function singular(name: string | undefined): string | undefined {
  return name?.endsWith('s') ? name.slice(0, -1) : name;
}

/** Whether a value passes the schema's structural rules (what a refinement adds is not known). */
export function fits(value: unknown, schema: JsonSchema): boolean {
  if ('const' in schema) return value === schema.const;
  if (schema.enum) return schema.enum.includes(value);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.some((s) => fits(value, s));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return true;
  return types.some((type) => fitsType(value, { ...schema, type }));
}

function fitsType(value: unknown, schema: JsonSchema): boolean {
  switch (schema.type) {
    case 'string':
      return (
        typeof value === 'string' &&
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
        (schema.pattern === undefined || new RegExp(schema.pattern).test(value))
      );
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value) && value.every((item) => fits(item, schema.items ?? {}));
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? fitsObject(value as Record<string, unknown>, schema)
        : false;
    default:
      return true;
  }
}

function fitsObject(value: Record<string, unknown>, schema: JsonSchema): boolean {
  const properties = schema.properties ?? {};
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
  return (
    (schema.required ?? []).every((key) => key in value) &&
    Object.entries(value).every(([key, v]) => {
      if (key in properties) return fits(v, properties[key] ?? {});
      return schema.additionalProperties !== false && fits(v, extra);
    })
  );
}
