import { NOTIFICATION_MESSAGES } from '@encore/contract';
import { profilePhoneFromE164 } from '../../adapters/sms/e164.ts';
import type { SmsOptOutRepo } from '../../repositories/sms-opt-out.repo.ts';

/** The carrier opt-out keywords (CTIA), as Twilio recognises them. */
export const STOP_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'CANCEL',
  'REVOKE',
  'OPTOUT',
] as const;
export const START_KEYWORDS = ['START', 'UNSTOP'] as const;

const STOP = new Set<string>(STOP_KEYWORDS);
const START = new Set<string>(START_KEYWORDS);

/**
 * Acts on an inbound text from `from` (E.164): a STOP keyword opts the number out at once, START
 * opts it back in. Answers the confirmation to text back, or null: a repeated STOP (or START)
 * is not confirmed again, and any other text is ignored.
 */
export async function handleInboundSms(
  optOuts: SmsOptOutRepo,
  from: string,
  body: string,
): Promise<string | null> {
  // 'stop', ' Stop. ' and 'STOP!' all count; 'stop sending me these' does not (as carriers do).
  const keyword = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (STOP.has(keyword)) {
    const changed = await optOuts.optOut(from, profilePhoneFromE164(from));
    return changed ? NOTIFICATION_MESSAGES.smsStopped : null;
  }
  if (START.has(keyword)) {
    const changed = await optOuts.optIn(from, profilePhoneFromE164(from));
    return changed ? NOTIFICATION_MESSAGES.smsStarted : null;
  }
  return null;
}
