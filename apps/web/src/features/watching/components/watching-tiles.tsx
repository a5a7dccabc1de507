import type { TArtistAlert } from '@encore/contract';
import { numberFormat } from '@/lib/intl-format';

/** Active Alerts, Push Enabled, SMS Enabled: counted from the alerts the page lists. */
export function WatchingTiles({ alerts }: { alerts: readonly TArtistAlert[] }) {
  const tiles = [
    { label: 'Active Alerts', value: alerts.length },
    { label: 'Push Enabled', value: alerts.filter((a) => a.channels.includes('push')).length },
    { label: 'SMS Enabled', value: alerts.filter((a) => a.channels.includes('sms')).length },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {tiles.map(({ label, value }) => (
        <div
          key={label}
          className="flex flex-col rounded-2xl border border-line bg-surface/90 p-3 sm:p-5"
        >
          <dt className="text-xs text-fg-muted sm:text-sm">{label}</dt>
          <dd className="mt-1 font-display text-2xl font-bold sm:text-3xl">
            {numberFormat().format(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
