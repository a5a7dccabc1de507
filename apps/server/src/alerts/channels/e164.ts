/**
 * Profiles keep US phones as '(212) 555-0142'; providers speak E.164 ('+12125550142'). The
 * outbound direction is adapters/sms/sms-sender.ts `toE164`; this is the inbound one, for a STOP
 * that must reach the profiles holding the number.
 */
export function profilePhoneFromE164(e164: string): string | null {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164.trim());
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : null;
}

/** What a provider sends as From, normalised to E.164 ('+' and digits only). */
export function normaliseE164(raw: string): string | null {
  const digits = raw.replace(/[^\d]/g, '');
  if (digits.length < 8 || digits.length > 15) return null;
  return raw.trim().startsWith('+')
    ? `+${digits}`
    : digits.length === 10
      ? `+1${digits}`
      : `+${digits}`;
}
