/**
 * Who the demo data set signs in as. The domain is reserved for testing (RFC 2606: `.test` never
 * resolves), so no mail to a demo account can reach anyone; it also marks which accounts
 * `npm run demo:reset` may delete.
 */
export const DEMO_EMAIL_DOMAIN = 'demo.encore.test';
export const DEMO_PASSWORD = 'EncoreDemo1';

export const DEMO_LOGINS = {
  fan: `fan@${DEMO_EMAIL_DOMAIN}`,
  performer: `performer@${DEMO_EMAIL_DOMAIN}`,
  venue: `venue@${DEMO_EMAIL_DOMAIN}`,
} as const;

/** Fixed so the seeded generator, and so every page of the demo, is the same on every machine. */
export const DEMO_SEED = 20_260_401;

export function demoLoginsLine(): string {
  return `sign in as ${DEMO_LOGINS.fan}, ${DEMO_LOGINS.performer} or ${DEMO_LOGINS.venue} with password ${DEMO_PASSWORD}`;
}
