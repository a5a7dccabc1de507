import { DESCRIPTION_MAX, PHONE_MAX_LENGTH, STATE_LENGTH, ZIP_LENGTH } from './constants.ts';
import { US_STATE_NAMES } from './options.ts';

/**
 * What the spec's inputs do while the user types (section 5): phones become (XXX) XXX-XXXX,
 * ZIPs keep 5 digits, states 2 uppercase letters, descriptions stop at 500 characters. Each works on
 * the whole text, pasted or typed: the inputs carry no maxLength, which would cut a paste before
 * these strip it ('12ab345678' must give ZIP 12345, not 123).
 */
export function formatPhoneInput(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  // A pasted '+1 555 123 4567' carries the country code; no US area code starts with 1.
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`.slice(
    0,
    PHONE_MAX_LENGTH,
  );
}

export function formatZipInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, ZIP_LENGTH);
}

const STATE_BY_NAME = new Map(
  Object.entries(US_STATE_NAMES).map(([code, name]) => [name.toLowerCase(), code]),
);
/** 'District of Columbia', the longest name a user may type. */
const STATE_NAME_MAX = Math.max(...Object.values(US_STATE_NAMES).map((name) => name.length));

/**
 * A state as typed: two letters become the code ('ny' → 'NY'); a state's full name becomes its code
 * ('new york' → 'NY'); anything longer stays as typed (in title case) for the schema to refuse, so
 * 'new york' is never cut to 'NE', which is Nebraska.
 */
export function formatStateInput(raw: string): string {
  const text = raw
    .replace(/[^a-zA-Z ]/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/^ /, '')
    .slice(0, STATE_NAME_MAX);
  const code = STATE_BY_NAME.get(text.trim().toLowerCase());
  if (code) return code;
  if (text.trim().length <= STATE_LENGTH) return text.trim().toUpperCase();
  return text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

/**
 * A dollar amount as typed or pasted: '$1,250.50' → '1250.50'. Digits and the first decimal point
 * stay; a leading minus stays too, so the schema says a price cannot be negative rather than this
 * quietly making it positive.
 */
export function formatMoneyInput(raw: string): string {
  const sign = raw.trim().startsWith('-') ? '-' : '';
  const [whole = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? sign + whole : `${sign}${whole}.${rest.join('')}`;
}

/** A count as typed or pasted: '999,999' → '999999' (a minus stays, for the schema to refuse). */
export function formatCountInput(raw: string): string {
  const sign = raw.trim().startsWith('-') ? '-' : '';
  return sign + raw.replace(/\D/g, '');
}

export function truncateDescription(raw: string): string {
  return raw.slice(0, DESCRIPTION_MAX);
}

/** Spec: years active falls back to 0 when the input is not a number. */
export function parseYearsActive(raw: string): number {
  const value = Number.parseInt(raw, 10);
  return Number.isNaN(value) ? 0 : value;
}
