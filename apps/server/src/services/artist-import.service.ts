import { ALERT_MESSAGES, PROFILE_EXTRA_MESSAGES, type TAlertChannel } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { invalid } from '../domain/show-rules.ts';
import { AppError } from '../http/app-error.ts';
import type { AlertRepo } from '../repositories/alert.repo.ts';
import { fanOnly } from './fan-pages.service.ts';

/**
 * Alerts on the artists a fan chose from a music library (Spotify, Last.fm), with the alert
 * dialog's rules: a profile first, SMS only with a phone opted in. Alerts the fan already has
 * stay as they are; ids that are no performer are skipped. Answers how many were added.
 */
export async function watchImportedArtists(
  alerts: AlertRepo,
  user: SessionUser,
  input: { performerIds: readonly string[]; channels: TAlertChannel[] },
): Promise<{ added: number }> {
  const fanId = fanOnly(user);
  const contact = await alerts.fanContact(fanId);
  if (!contact) throw new AppError('PROFILE_REQUIRED', PROFILE_EXTRA_MESSAGES.profileMissing);
  if (input.channels.includes('sms') && !(contact.phone && contact.smsOptIn)) {
    throw invalid('channels', ALERT_MESSAGES.smsNeedsPhone);
  }
  return { added: await alerts.watchMany(fanId, input.performerIds, input.channels) };
}
