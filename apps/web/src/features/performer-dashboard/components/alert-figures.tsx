import { DELIVERY_CHANNEL_LABELS, type TPerformerDashboard } from '@encore/contract';
import { FigureCard } from '@/components/dashboard/figure-card';
import { formatCount } from '@/components/dashboard/format';

/** Alerts set on the artist: all time and this month. */
export function AlertActivations({
  activations,
}: {
  activations: TPerformerDashboard['alertActivations'];
}) {
  return (
    <FigureCard
      title="Alert activations"
      value={formatCount(activations.allTime)}
      detail={`${formatCount(activations.thisMonth)} this month`}
      definition="Every alert a fan has set on you, including ones later removed; 'this month' counts those set this calendar month (UTC)."
    />
  );
}

/** Alerts about the artist's shows that reached fans, per channel. */
export function AlertsDelivered({
  delivered,
}: {
  delivered: TPerformerDashboard['alertsDelivered'];
}) {
  return (
    <FigureCard
      title="Alerts delivered"
      definition="Alerts about your shows that reached a fan, per channel: in the app, push notification, email, SMS."
    >
      <dl className="grid grid-cols-2 gap-2">
        {delivered.map((d) => (
          <div key={d.channel} className="rounded-xl bg-surface-raised px-3 py-2">
            <dt className="text-xs text-fg-muted">{DELIVERY_CHANNEL_LABELS[d.channel]}</dt>
            <dd className="font-display text-xl font-semibold tabular-nums">
              {formatCount(d.delivered)}
            </dd>
          </div>
        ))}
      </dl>
    </FigureCard>
  );
}
