import { sql } from 'drizzle-orm';
import { FAN_SETTINGS_DEFAULTS } from '../../db/schema/settings-defaults.ts';

export const d = FAN_SETTINGS_DEFAULTS.notifications;
/** A fan_settings column (alias fs), or its default when the fan never saved settings. */
export const setting = (column: string, fallback: boolean | string) =>
  sql.raw(`coalesce(fs.${column}, ${typeof fallback === 'string' ? `'${fallback}'` : fallback})`);

/** The outbound channels the fan's notification toggles allow. */
export const SETTINGS_CHANNELS = sql`array_remove(array[
    case when ${setting('push', d.push)} then 'push' end,
    case when ${setting('email', d.email)} then 'email' end,
    case when ${setting('sms', d.sms)} then 'sms' end]::text[], null)`;
