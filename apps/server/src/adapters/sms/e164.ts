/**
 * Phones as providers and the opt-out list know them: E.164 ('+12125550142'). Profiles keep US
 * phones as '(212) 555-0142' (the spec's format); every conversion goes through `toE164`, and
 * `e164Sql` (repositories/phone-e164.repo.ts) is its mirror for a profile phone inside a query
 * (the SMS audience's opt-out check).
 */

/**
 * A phone as typed, stored or sent by a provider, as E.164: '+' and its digits when it starts
 * with '+', a 10-digit number as US (+1), other digits as given. Null for fewer than 8 or more
 * than 15 digits, which no E.164 number has.
 */
export function toE164(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) return null;
  if (raw.trim().startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** The inverse, for a STOP that must reach the profiles holding the number. */
export function profilePhoneFromE164(e164: string): string | null {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164.trim());
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : null;
}
