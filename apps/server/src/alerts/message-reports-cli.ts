/**
 * `npm run messages:reports`: the artist messages fans reported (artist, when sent, how many
 * reports, whether hidden, the words), for operators; no reporter is named. Reads DATABASE_URL,
 * or the embedded Postgres of the Encore running in DATA_DIR.
 */
import { runDatabaseCommand } from './database-command.ts';
import { formatReportedMessages, readReportedMessages } from './message-reports.ts';

await runDatabaseCommand('No message reports', async (orm) =>
  formatReportedMessages(await readReportedMessages(orm)),
);
