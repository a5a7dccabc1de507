/**
 * Alert channels (spec section 3), in the spec's order, with their labels, without zod (the
 * schemas that use them are in artists.ts, notifications.ts and settings.ts): the signed-in
 * frame's notification centre names an alert's digest channels, and a module that builds a zod
 * schema would bring zod into its chunk (decision 023; `npm run check:bundle` fails then).
 *
 * The one list of channels: everything per channel — the server's senders and
 * ALERT_CHANNELS setting, the fan's settings toggle, the web's labels — is a
 * `Record<TAlertChannel, …>` or derived from this list, so a channel added here fails the type
 * check (and apps/server/test/alerts/channel-wiring.test.ts) wherever its wiring is missing.
 */
export const ALERT_CHANNELS = ['push', 'email', 'sms'] as const;
export type TAlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_CHANNEL_LABELS: Record<TAlertChannel, string> = {
  push: 'Push',
  email: 'Email',
  sms: 'SMS',
};

/** Where an alert goes: the notification centre and its bell (`in_app`), then the alert channels. */
export const DELIVERY_CHANNELS = ['in_app', ...ALERT_CHANNELS] as const;
export type TDeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_CHANNEL_LABELS: Record<TDeliveryChannel, string> = {
  in_app: 'In the app',
  ...ALERT_CHANNEL_LABELS,
};
