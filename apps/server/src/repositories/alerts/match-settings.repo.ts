import { sql } from 'drizzle-orm';
import { FAN_SETTINGS_DEFAULTS } from '../../db/schema/settings-defaults.ts';
import { type FanRange, inRange } from './fan-range.repo.ts';

export const d = FAN_SETTINGS_DEFAULTS.notifications;
/** A fan_settings column (alias fs), or its default when the fan never saved settings. */
export const setting = (column: string, fallback: boolean | string) =>
  sql.raw(`coalesce(fs.${column}, ${typeof fallback === 'string' ? `'${fallback}'` : fallback})`);

/** The outbound channels the fan's notification toggles allow. */
export const SETTINGS_CHANNELS = sql`array_remove(array[
    case when ${setting('push', d.push)} then 'push' end,
    case when ${setting('email', d.email)} then 'email' end,
    case when ${setting('sms', d.sms)} then 'sms' end]::text[], null)`;

/**
 * The genre rule's settings of the fan in the column `fanColumn` (alias fs; a fan who never saved
 * settings has the defaults): the join, its columns (`digest`: held for the daily digest;
 * `channels`: the toggles) and its condition ('new shows' on, the rule's own switch).
 */
export const genreSettings = (fanColumn: string, range: FanRange) => ({
  join: sql`left join fan_settings fs on fs.user_id = ${sql.raw(fanColumn)}
      and ${inRange('fs.user_id', range)}`,
  columns: sql`${setting('genre_alerts', d.genreAlerts)} = 'daily' as digest,
      ${SETTINGS_CHANNELS} as channels`,
  on: setting('new_shows', d.newShows),
});
