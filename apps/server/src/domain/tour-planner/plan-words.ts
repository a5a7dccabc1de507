import { TOUR_PLAN_NAME_MAX, type TTourConstraints, type TTourStop } from '@encore/contract';
import type { OutreachFacts } from '../../adapters/llm/language-model.ts';
import type { PlannerArtist, PlannerOutcome } from './types.ts';

type Planned = Extract<PlannerOutcome, { ok: true }>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 2027', 'Mar–Apr 2027' or 'Dec 2027–Jan 2028' for the first and last night. */
function monthsOf(route: TTourStop[]): string | null {
  const dates = route.map((s) => s.date).sort();
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return null;
  const [fy, fm] = [first.slice(0, 4), MONTHS[Number(first.slice(5, 7)) - 1]];
  const [ly, lm] = [last.slice(0, 4), MONTHS[Number(last.slice(5, 7)) - 1]];
  if (fy !== ly) return `${fm} ${fy}–${lm} ${ly}`;
  return fm === lm ? `${fm} ${fy}` : `${fm}–${lm} ${fy}`;
}

/** Where the prompt said, in a few words: regions, else states, else cities, else the route's states. */
function placeOf(said: TTourConstraints, route: TTourStop[]): string {
  const few = (names: string[]) =>
    names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ');
  if (said.regions.length > 0) return few(said.regions);
  if (said.states.length > 0) return few(said.states);
  if (said.cities.length > 0) return few(said.cities.map((c) => c.city));
  const states = [...new Set(route.map((s) => s.state))];
  return states.length > 0 ? few(states) : 'Tour';
}

/** A saved plan's first name: "Northeast · Mar 2027 · 10 dates" (renameable). */
export function planName(said: TTourConstraints, result: { route: TTourStop[] }): string {
  const count = result.route.length;
  const parts = [
    placeOf(said, result.route),
    monthsOf(result.route),
    `${count} ${count === 1 ? 'date' : 'dates'}`,
  ];
  return parts
    .filter((p): p is string => p !== null)
    .join(' · ')
    .slice(0, TOUR_PLAN_NAME_MAX);
}

/** How routeEfficiency was computed, in words (the contract's `explanation`). */
export function routeExplanation(plan: Planned): string {
  const miles = Math.round(plan.totalDistance).toLocaleString('en-US');
  const percent = Math.round(plan.routeEfficiency * 100);
  if (plan.route.length < 2) {
    return 'One stop: there is no driving to optimise, so the route is as short as it can be.';
  }
  return (
    `The route drives ${miles} miles stop to stop. A straight-line lower bound on the shortest ` +
    `possible route through the same stops is ${percent}% of that, so 100% would mean nothing ` +
    'shorter exists.'
  );
}

/** What the model may put in the outreach email: names, nights and demand from the plan only. */
export function outreachFacts(artist: PlannerArtist, plan: Planned): OutreachFacts {
  const demand = new Map(plan.venues.map((v) => [v.venueId, v.estimatedDemand]));
  return {
    artistName: artist.name,
    genres: artist.genres,
    contactEmail: artist.email,
    contactPhone: artist.phone,
    stops: plan.route.map((s) => ({
      date: s.date,
      venueName: s.venueName,
      city: s.city,
      state: s.state,
      estimatedDemand: demand.get(s.venueId) ?? null,
    })),
  };
}
