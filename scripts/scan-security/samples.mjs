// Plausible values for a route's parameters and JSON body, made from its OpenAPI schema, so the
// scanners start from requests the API accepts (a request the validation refuses never reaches
// a query, and an injection behind it would go unseen).
import { randomBytes, randomUUID } from 'node:crypto';

const LOCAL_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$';

/** A local date-time about five months ahead, in the API's `YYYY-MM-DDTHH:mm` form. */
function futureLocalDateTime() {
  const date = new Date(Date.now() + 150 * 24 * 3600 * 1000);
  return `${date.toISOString().slice(0, 10)}T20:00`;
}

/**
 * A value for `schema`. `name` is the property or parameter name (hints where the schema alone
 * says only "string"); `ids` maps a kind ('show', 'performer', 'venue') to a real id.
 */
export function sampleValue(schema, name, ids) {
  if (!schema || typeof schema !== 'object') return 'encore';
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== '') ?? schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choices)) {
    const usable =
      choices.find((c) => c.type !== 'null' && !(c.enum && c.enum[0] === '')) ?? choices[0];
    return sampleValue(usable, name, ids);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema, name, ids);
    case 'integer':
    case 'number':
      return sampleNumber(schema, name);
    case 'boolean':
      return true;
    case 'array':
      return [sampleValue(schema.items, name, ids)];
    case 'object':
      return sampleObject(schema, ids);
    case 'null':
      return null;
    default:
      return schema.default ?? 'encore';
  }
}

function sampleObject(schema, ids) {
  const result = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    result[key] = sampleValue(property, key, ids);
  }
  // A free-form object (a webhook's form fields): one field to inject into.
  if (!schema.properties && schema.additionalProperties) result.Body = 'encore';
  return result;
}

function sampleNumber(schema, name) {
  if (schema.default !== undefined) return schema.default;
  if (/latitude/i.test(name)) return 40.7128;
  if (/longitude/i.test(name)) return -74.006;
  const min = schema.minimum ?? schema.exclusiveMinimum ?? 1;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  return Math.min(Math.max(min, 1), max);
}

function sampleString(schema, name, ids) {
  const fromName = stringFromName(schema, name ?? '', ids);
  if (fromName !== undefined) return fromName;
  if (schema.format === 'email') return `scan.${randomBytes(3).toString('hex')}@example.test`;
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.test/scan';
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date(Date.now() + 864e5 * 150).toISOString();
  if (schema.format === 'date') return futureLocalDateTime().slice(0, 10);
  if (schema.pattern) {
    if (schema.pattern === LOCAL_DATE_TIME) return futureLocalDateTime();
    const fromPattern = stringFromPattern(schema.pattern);
    if (fromPattern !== undefined) return fromPattern;
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 100;
  return 'encore scan'.padEnd(min, 'x').slice(0, Math.max(max, 1));
}

function stringFromName(schema, name, ids) {
  if (/password/i.test(name)) return 'ScanPass2026!x';
  if (/^username/i.test(name)) return `scan_${randomBytes(4).toString('hex')}`;
  if (/email/i.test(name)) return `scan.${randomBytes(3).toString('hex')}@example.test`;
  if (/^(performer|artist)Id$/i.test(name)) return ids.performer;
  if (/^venueId$/i.test(name)) return ids.venue;
  if (/^showId$/i.test(name)) return ids.show;
  if (/url$/i.test(name) && !schema.pattern) return 'https://example.test/scan';
  if (/^q$|query|search/i.test(name)) return 'neon';
  if (/zip/i.test(name)) return '10001';
  if (/phone/i.test(name))
    return schema.pattern?.startsWith('^\\(') ? '(212) 555-0147' : '+12125550147';
  if (name === 'state') return 'NY';
  return undefined;
}

/** Only the simple anchored patterns the contract uses: literals, \d{n}, one character class. */
function stringFromPattern(pattern) {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  let out = '';
  const token =
    /\\d(?:\{(\d+)(?:,\d*)?\})?|\[[^\]]+\](?:[+*]|\{(\d+)(?:,\d*)?\})?|\\(.)|([^\\[\](){}+*?|^$])/gy;
  let match = token.exec(body);
  while (match) {
    const [text, digits, classCount, escaped, literal] = match;
    if (text.startsWith('\\d')) out += '1'.repeat(Number(digits ?? 1));
    else if (text.startsWith('[')) out += 'a'.repeat(Number(classCount ?? 4));
    else out += escaped ?? literal;
    if (token.lastIndex === body.length) return out;
    match = token.exec(body);
  }
  return undefined;
}
