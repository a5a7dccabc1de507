import type { TTourStop } from '@encore/contract';
import { formatCount } from './constraint-text.ts';
import { dateOfDay } from './dates.ts';
import type { NightCalendar } from './nights.ts';
import type { Option } from './plan-route.ts';
import { distanceMatrix, spanningTreeLength } from './route-order.ts';
import type { Schedule } from './schedule.ts';
import type { PlannerOutcome, PlannerWorld } from './types.ts';
import { tourVenue } from './venue-figures.ts';

/** The plan in the contract's shape: venues and stops in route order, totals and efficiency. */
export function buildOutcome(
  world: PlannerWorld,
  options: Option[],
  schedule: Extract<Schedule, { ok: true }>,
  calendar: NightCalendar,
): Extract<PlannerOutcome, { ok: true }> {
  const ordered = schedule.order.map((i) => options[i] as Option);
  const dist = distanceMatrix(ordered.map((o) => o.venue));
  const route: TTourStop[] = ordered.map((o, k) => ({
    stop: k + 1,
    date: dateOfDay(calendar.firstDay + (schedule.nights[k] ?? 0)),
    venueId: o.venue.venueId,
    venueName: o.venue.venueName,
    city: o.venue.city,
    state: o.venue.state,
    driveMiles: k === 0 ? null : Math.round(dist[k - 1]?.[k] ?? 0),
  }));
  const length = ordered.reduce((sum, _, k) => sum + (k === 0 ? 0 : (dist[k - 1]?.[k] ?? 0)), 0);
  const bound = spanningTreeLength(dist);
  const routeEfficiency = length <= 0 ? 1 : Math.min(1, Math.round((bound / length) * 100) / 100);
  const venues = ordered.map((o) => tourVenue(o.venue, world.artist.genres, o.figures));
  return {
    ok: true,
    venues,
    route,
    // The legs as shown add up to the total shown.
    totalDistance: route.reduce((sum, stop) => sum + (stop.driveMiles ?? 0), 0),
    routeEfficiency,
    estimatedRevenue: venues.reduce((sum, v) => sum + v.expectedRevenue, 0),
    explanation: efficiencyExplanation(ordered.length, bound, length, routeEfficiency),
  };
}

function efficiencyExplanation(stops: number, bound: number, length: number, efficiency: number) {
  if (stops < 2) return 'One stop: there is no driving to shorten.';
  if (length <= 0) return 'Every stop is in the same place: there is no driving to shorten.';
  return `No route through these ${stops} stops can be shorter than ${formatCount(bound)} miles (the shortest straight-line network joining them, a minimum spanning tree); this route drives ${formatCount(length)} miles stop to stop, so it is ${Math.round(efficiency * 100)}% efficient.`;
}
