import { DEMO_LOGINS, DEMO_PASSWORD } from '../../apps/server/src/demo/demo-accounts.ts';
import { e2eSettings } from './e2e-env.ts';

/**
 * The second server of the browser tests: the same production start with the demo data set
 * loaded (playwright.config.ts), for journeys that need a lived-in world — a tour plan needs
 * dozens of venues with years of results and thousands of fans, which no journey should build by
 * hand. Journeys on it change only what they create (a booking request, a plan), and the phone and
 * desktop runs ask for different months, so they never meet.
 */
export const DEMO_SERVER_URL = `http://localhost:${e2eSettings().port + 1}`;

export const demoLogin = (role: keyof typeof DEMO_LOGINS) => ({
  email: DEMO_LOGINS[role],
  password: DEMO_PASSWORD,
});
