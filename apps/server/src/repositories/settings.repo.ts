import type { TFanSettings, TNotificationSettings, TPrivacySettings } from '@encore/contract';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/client.ts';
import { fanSettings } from '../db/schema/index.ts';
import { FAN_SETTINGS_DEFAULTS } from '../db/schema/settings-defaults.ts';

type Row = typeof fanSettings.$inferSelect;

export function createSettingsRepo(orm: Orm) {
  /** The fan's settings; the defaults until the first save. */
  async function find(userId: string): Promise<TFanSettings> {
    const [row] = await orm.select().from(fanSettings).where(eq(fanSettings.userId, userId));
    return row ? toSettings(row) : FAN_SETTINGS_DEFAULTS;
  }

  /**
   * Writes one group; a first save fills the other group from the column defaults. A save that
   * changes no value writes nothing: its row's change notice would drop every cached page
   * listing a show the fan marked (migration 0044's `person:` tags), none of them changed
   * (bench:drops: 12 private and 5 public pages a privacy save, mostly saved as it was).
   */
  async function save(userId: string, values: TNotificationSettings | TPrivacySettings) {
    const columns = Object.keys(values).map(
      (key) => fanSettings[key as keyof typeof values] as AnyPgColumn,
    );
    const [row] = await orm
      .insert(fanSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: fanSettings.userId,
        set: { ...values, updatedAt: new Date() },
        setWhere: sql`(${sql.join(columns, sql`, `)}) is distinct from (${sql.join(
          columns.map((column) => sql`excluded.${sql.identifier(column.name)}`),
          sql`, `,
        )})`,
      })
      .returning();
    return row ? toSettings(row) : find(userId);
  }

  return {
    find,
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
