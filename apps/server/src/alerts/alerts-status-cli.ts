/**
 * `npm run alerts:status`: both outboxes at a glance — deliveries by channel and state, the oldest
 * pending one, and the last failures with their reasons. Reads DATABASE_URL, or the embedded
 * Postgres of the Encore running in DATA_DIR.
 */
import { formatAlertsStatus, readAlertsStatus } from './alerts-status.ts';
import { runDatabaseCommand } from './database-command.ts';

await runDatabaseCommand('No alert status', async (orm) =>
  formatAlertsStatus(await readAlertsStatus(orm)),
);
