import type { TFanSettings, TNotificationSettings, TPrivacySettings } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { SettingsRepo } from '../repositories/settings.repo.ts';
import { authorize } from './profile.service.ts';

/** Notification and privacy settings exist for fans only (spec "Settings", fan tabs). */
export function createSettingsService(settings: SettingsRepo) {
  return {
    get(user: SessionUser): Promise<TFanSettings> {
      authorize(user, 'fan');
      return settings.find(user.id);
    },
    saveNotifications(user: SessionUser, values: TNotificationSettings): Promise<TFanSettings> {
      authorize(user, 'fan');
      return settings.saveNotifications(user.id, values);
    },
    savePrivacy(user: SessionUser, values: TPrivacySettings): Promise<TFanSettings> {
      authorize(user, 'fan');
      return settings.savePrivacy(user.id, values);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
