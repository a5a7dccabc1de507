import type { TFanSettings, TNotificationSettings, TPrivacySettings } from '@encore/contract';
import { eq } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { fanSettings } from '../db/schema/index.ts';
import { FAN_SETTINGS_DEFAULTS } from '../db/schema/settings-defaults.ts';

type Row = typeof fanSettings.$inferSelect;

export function createSettingsRepo(orm: Orm) {
  /** Writes one group; a first save fills the other group from the column defaults. */
  async function save(userId: string, values: TNotificationSettings | TPrivacySettings) {
    const [row] = await orm
      .insert(fanSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: fanSettings.userId,
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    return toSettings(row as Row);
  }

  return {
    /** The fan's settings; the defaults until the first save. */
    async find(userId: string): Promise<TFanSettings> {
      const [row] = await orm.select().from(fanSettings).where(eq(fanSettings.userId, userId));
      return row ? toSettings(row) : FAN_SETTINGS_DEFAULTS;
    },
    saveNotifications: (userId: string, values: TNotificationSettings) => save(userId, values),
    savePrivacy: (userId: string, values: TPrivacySettings) => save(userId, values),
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

function toSettings(row: Row): TFanSettings {
  return {
    notifications: {
      push: row.push,
      email: row.email,
      sms: row.sms,
      newShows: row.newShows,
      ticketSales: row.ticketSales,
      priceDrops: row.priceDrops,
      lineupChanges: row.lineupChanges,
      genreAlerts: row.genreAlerts,
      showPals: row.showPals,
      showPalsEmail: row.showPalsEmail,
      artistMessages: row.artistMessages,
      artistMessagesFromGenres: row.artistMessagesFromGenres,
    },
    privacy: {
      visibility: row.visibility,
      showAttendance: row.showAttendance,
      allowFriendRequests: row.allowFriendRequests,
    },
  };
}
