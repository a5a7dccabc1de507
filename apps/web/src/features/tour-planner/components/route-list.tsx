import type { TTourStop } from '@encore/contract';
import { formatMiles, formatNight } from '../utils/plan-format';
import { ResultSection } from './result-section';

/** The route without a map: each night in order, and the drive from the night before. */
export function RouteList({ route }: { route: readonly TTourStop[] }) {
  return (
    <ResultSection id="tour-route" title="Route">
      <ol className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {route.map((stop) => (
          <li key={`${stop.stop}-${stop.date}`} className="flex items-start gap-3 p-3">
            <span
              aria-hidden
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-on-accent"
            >
              {stop.stop}
            </span>
            <div className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4 gap-y-1">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  <span className="sr-only">Stop {stop.stop}: </span>
                  {formatNight(stop.date)} · {stop.venueName}
                </p>
                <p className="text-sm text-fg-muted">
                  {stop.city}, {stop.state}
                </p>
              </div>
              <p className="text-sm text-fg-muted">
                <span className="sr-only">Drive from the stop before: </span>
                {stop.driveMiles === null ? 'Start' : formatMiles(stop.driveMiles)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </ResultSection>
  );
}
