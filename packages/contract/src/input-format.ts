import { DESCRIPTION_MAX, PHONE_MAX_LENGTH, STATE_LENGTH, ZIP_LENGTH } from './constants.ts';

/**
 * What the spec's inputs do while the user types (section 5): phones become (XXX) XXX-XXXX,
 * ZIPs keep 5 digits, states 2 uppercase letters, descriptions stop at 500 characters.
 */
export function formatPhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 10);
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

export function formatStateInput(raw: string): string {
  return raw
    .replace(/[^a-zA-Z]/g, '')
    .slice(0, STATE_LENGTH)
    .toUpperCase();
}

export function truncateDescription(raw: string): string {
  return raw.slice(0, DESCRIPTION_MAX);
}

/** Spec: years active falls back to 0 when the input is not a number. */
export function parseYearsActive(raw: string): number {
  const value = Number.parseInt(raw, 10);
  return Number.isNaN(value) ? 0 : value;
}
