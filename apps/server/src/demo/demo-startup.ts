import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { demoLoginsLine } from './demo-accounts.ts';
import { demoLoginsExist, loadDemoDataIfEmpty } from './load-demo-data.ts';

/**
 * At start, after the migrations: loads the demo data set when DEMO_DATA allows it and the
 * database has no users yet, and prints the demo logins whenever they exist, so whoever started
 * Encore knows how to sign in. Runs before the server listens: nobody sees a half-loaded set.
 */
export async function prepareDemoData(
  config: AppConfig,
  database: Database,
  print: (line: string) => void = console.log,
): Promise<void> {
  if (config.demoData) {
    const result = await loadDemoDataIfEmpty(database, new Date(), () =>
      print('Loading the demo data set into the empty database (10–30 s)...'),
    );
    if (result.loaded) {
      print(`Demo data loaded in ${result.seconds.toFixed(1)} s — ${demoLoginsLine()}`);
      return;
    }
  }
  if (await demoLoginsExist(database)) print(`Demo data: ${demoLoginsLine()}`);
}
