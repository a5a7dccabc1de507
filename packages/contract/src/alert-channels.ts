/**
 * Alert channels (spec section 3), in the spec's order, with their labels, without zod (the
 * schemas that use them are in artists.ts and notifications.ts): the signed-in frame's
 * notification centre names an alert's digest channels, and a module that builds a zod schema
 * would bring zod into its chunk (decision 023; `npm run check:bundle` fails then).
 */
export const ALERT_CHANNELS = ['push', 'email', 'sms'] as const;
export const ALERT_CHANNEL_LABELS: Record<(typeof ALERT_CHANNELS)[number], string> = {
  push: 'Push',
  email: 'Email',
  sms: 'SMS',
};
export type TAlertChannel = (typeof ALERT_CHANNELS)[number];
