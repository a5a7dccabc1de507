import { SHOW_REQUEST_MESSAGES as M, type TPerformerDashboard } from '@encore/contract';
import { FigureCard } from '@/components/dashboard/figure-card';
import { formatCount } from '@/components/dashboard/format';

type ShowRequests = TPerformerDashboard['showRequests'];

/** A count of askers as the card says it: "a few" under five (the server sends null). */
const askers = (fans: number | null) =>
  fans === null ? `${M.aFew} fans` : `${formatCount(fans)} ${fans === 1 ? 'fan' : 'fans'}`;

/**
 * "Show requests": the cities fans asked for a show in, most asked first. A city with fewer than
 * five askers reads "a few", like every small group on the dashboards.
 */
export function ShowRequestFigures({ requests }: { requests: ShowRequests }) {
  return (
    <FigureCard
      title={M.cardTitle}
      value={requests.total === 0 ? undefined : askers(requests.total)}
      definition="Fans who asked for a show near their home from your artist page, by the city they asked for; a city with fewer than five is “a few”. A request closes when you announce a show within the fan's radius of it (they are alerted)."
    >
      {requests.cities.length === 0 ? (
        <p className="text-sm text-fg-muted">{M.cardEmpty}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {requests.cities.map((c) => (
            <li key={`${c.city}-${c.state}`} className="flex items-baseline justify-between gap-3">
              <span className="break-words">
                {c.city}, {c.state}
              </span>
              <span className="shrink-0 tabular-nums text-fg-muted">{askers(c.fans)}</span>
            </li>
          ))}
        </ol>
      )}
    </FigureCard>
  );
}
