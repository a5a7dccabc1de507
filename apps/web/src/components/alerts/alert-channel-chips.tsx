import { ALERT_CHANNEL_LABELS, type TAlertChannel } from '@encore/contract';

/** An alert's channels as small outlined chips (Email, SMS, Push, In-App), in the given order. */
export function AlertChannelChips({ channels }: { channels: readonly TAlertChannel[] }) {
  return channels.map((c) => (
    <span
      key={c}
      className="rounded-full border border-accent px-2 py-0.5 text-xs font-semibold text-accent"
    >
      {ALERT_CHANNEL_LABELS[c]}
    </span>
  ));
}
