import { TOUR_PLANNER_MESSAGES, type TTourConstraints } from '@encore/contract';
import { areaText, capacityText, formatCount, listText } from './constraint-text.ts';
import { shortDate, weekdayOf, windowText, yearOf } from './dates.ts';
import type { PlannerArtist, PlannerOutcome, ResolvedConstraints } from './types.ts';

/**
 * "I understood: 10 dates in the Northeast between Mar 1 and Mar 31, 2027, rooms of 500–1,000,
 * at most 300 miles a day." Says which parts came from the prompt and which are defaults:
 * "(default)", or "(your usual room size)" for the artist's typical capacity.
 */
export function describeConstraints(said: TTourConstraints, resolved: ResolvedConstraints): string {
  const defaulted = (wasSaid: boolean, note = 'default') => (wasSaid ? '' : ` (${note})`);
  const area = areaText(resolved);
  const dates = `${resolved.dateCount} date${resolved.dateCount === 1 ? '' : 's'}${defaulted(said.dateCount !== null)}`;
  const parts = [
    `${dates} ${area === '' ? 'anywhere in the US' : `in ${area}`} ${windowText(resolved.startDate, resolved.endDate)}${defaulted(said.startDate !== null || said.endDate !== null)}`,
    `rooms of ${capacityText(resolved.capacityMin, resolved.capacityMax)}${defaulted(
      said.capacityMin !== null || said.capacityMax !== null,
      'your usual room size',
    )}`,
    `at most ${formatCount(resolved.maxDriveMiles)} miles a day${defaulted(said.maxDriveMiles !== null)}`,
  ];
  if (resolved.fixedDates.length > 0) {
    const fixed = resolved.fixedDates.map(
      (f) => `${f.state ? `${f.city}, ${f.state}` : f.city} on ${shortDate(f.date)}`,
    );
    parts.push(`playing ${listText(fixed)}`);
  }
  const off = [
    ...resolved.weekdaysOff.map((day) => `${day}s`),
    ...resolved.daysOff.map((date) => shortDate(date)),
  ];
  if (off.length > 0) parts.push(`no shows on ${listText(off, 'or')}`);
  return `I understood: ${parts.join(', ')}.`;
}

/**
 * The outreach email drafted from the plan's facts (artist, dates, cities, demand), used as is
 * when no language model is configured and as the fallback when the model fails. Demand under
 * SMALL_GROUP_MIN reads "few fans", never a number.
 */
export function outreachEmailTemplate(
  artist: PlannerArtist,
  plan: Extract<PlannerOutcome, { ok: true }>,
): string {
  const first = plan.route[0]?.date;
  const last = plan.route[plan.route.length - 1]?.date;
  const span =
    first && last
      ? first === last
        ? shortDate(first, true)
        : `${shortDate(first, yearOf(first) !== yearOf(last))} – ${shortDate(last, true)}`
      : '';
  const count = plan.route.length;
  const genres = artist.genres.length > 0 ? ` (${listText(artist.genres)})` : '';
  const demandOf = new Map(plan.venues.map((v) => [v.venueId, v.estimatedDemand]));
  const lines = plan.route.map((stop) => {
    const demand = demandOf.get(stop.venueId) ?? null;
    const fans = demand === null ? TOUR_PLANNER_MESSAGES.fewFans : `${formatCount(demand)} fans`;
    return `- ${weekdayOf(stop.date).slice(0, 3)} ${shortDate(stop.date, true)}: ${stop.venueName}, ${stop.city}, ${stop.state} (${fans} nearby on Encore)`;
  });
  const contact = [`Email: ${artist.email}`, ...(artist.phone ? [`Phone: ${artist.phone}`] : [])];
  return [
    `Subject: Booking inquiry: ${artist.name}, ${count} date${count === 1 ? '' : 's'}${span ? `, ${span}` : ''}`,
    '',
    'Hello,',
    '',
    `I'm reaching out on behalf of ${artist.name}${genres}, an act on Encore, about a ${count}-date run${span ? ` (${span})` : ''}. We would love to play your venue on its date below and would be glad to hear whether that night is open:`,
    '',
    ...lines,
    '',
    "The fan figures are Encore members within reach of each venue who follow us or love our genres; we'll promote the show to them as soon as it is confirmed.",
    '',
    'Happy to talk terms, times and technical needs. You can reach us at:',
    ...contact,
    '',
    'Thank you for considering us,',
    artist.name,
  ].join('\n');
}
