import { SMALL_GROUP_MIN, TOUR_PLANNER_MESSAGES } from '@encore/contract';
import type { CandidateVenue, PlannedVenue } from './types.ts';

/*
 * What one venue is expected to bring. Expected attendance:
 *   - calibrated (this venue's or similar venues' past results): fillRate × capacity;
 *   - otherwise from demand: FOLLOWER_TURNOUT of the artist's followers in reach plus
 *     GENRE_FAN_TURNOUT of the genre's other fans in reach,
 * plus REQUEST_TURNOUT of the fans who asked for a show within their reach of the venue, on top
 * of either (their request is demand no result or follow shows yet), capped by the capacity
 * either way. Expected revenue = attendance × revenue per head (the
 * calibration's, else Encore's median, else 0: then fan demand alone ranks the venues).
 */

/** Share of an artist's followers near a venue expected to buy a ticket (an assumption, no data). */
export const FOLLOWER_TURNOUT = 0.3;
/** Share of other fans of the artist's genres near a venue expected to come (an assumption). */
export const GENRE_FAN_TURNOUT = 0.02;
/**
 * Extra ticket buyers per fan who asked for a show near the venue (show_requests), on top of
 * anything else that counts them: an explicit "play here" is worth more than following (a
 * requester who also follows counts 0.3 + 0.5). An assumption, like the two above.
 */
export const REQUEST_TURNOUT = 0.5;

export type VenueFigures = {
  demand: number;
  estimatedDemand: number | null;
  expectedAttendance: number;
  expectedRevenue: number;
  /** For ranking: revenue, then demand, then genre history break ties. */
  score: number;
};

export function venueFigures(
  venue: CandidateVenue,
  revenuePerHeadFallback: number | null,
): VenueFigures {
  const demand = venue.followersInReach + venue.genreFansInReach;
  const { fillRate, revenuePerHead } = venue.calibration;
  const raw =
    (venue.calibration.source !== 'none' && fillRate !== null
      ? fillRate * venue.capacity
      : venue.followersInReach * FOLLOWER_TURNOUT + venue.genreFansInReach * GENRE_FAN_TURNOUT) +
    venue.requestsInReach * REQUEST_TURNOUT;
  const expectedAttendance = Math.max(0, Math.min(venue.capacity, Math.round(raw)));
  const perHead = revenuePerHead ?? revenuePerHeadFallback ?? 0;
  const expectedRevenue = Math.round(expectedAttendance * perHead);
  return {
    demand,
    estimatedDemand: demand < SMALL_GROUP_MIN ? null : demand,
    expectedAttendance,
    expectedRevenue,
    score:
      expectedRevenue * 1e6 +
      Math.min(demand + venue.requestsInReach, 999_999) +
      venue.genreShows / 1e3,
  };
}

const count = (n: number) => n.toLocaleString('en-US');

function genreList(genres: string[]): string {
  if (genres.length <= 1) return genres[0] ?? 'your genre';
  return `${genres.slice(0, -1).join(', ')} and ${genres[genres.length - 1]}`;
}

/**
 * One line on why the venue was chosen. Counts under SMALL_GROUP_MIN never appear: a part that
 * small is "few", and when one part is small the split is not shown at all (the total minus the
 * other part would give it away).
 */
export function whyLine(venue: CandidateVenue, genres: string[], figures: VenueFigures): string {
  const followers = venue.followersInReach;
  const fans = venue.genreFansInReach;
  const genreFans = `${genreList(genres)} fans`;
  let demand: string;
  if (figures.demand < SMALL_GROUP_MIN) demand = `${TOUR_PLANNER_MESSAGES.fewFans} within reach`;
  else if (followers >= SMALL_GROUP_MIN && fans >= SMALL_GROUP_MIN) {
    demand = `${count(followers)} of your followers and ${count(fans)} ${genreFans} within reach`;
  } else if (followers === 0) demand = `${count(fans)} ${genreFans} within reach`;
  else if (fans === 0) demand = `${count(followers)} of your followers within reach`;
  else demand = `${count(figures.demand)} fans within reach (your followers and ${genreFans})`;

  const parts = [demand];
  if (venue.requestsInReach > 0 && venue.requestCity !== null) {
    // A few askers are never counted out loud, like every other small group.
    const asked = venue.requestsInReach < SMALL_GROUP_MIN ? 'A few' : count(venue.requestsInReach);
    parts.push(`${asked} fans asked for a ${venue.requestCity} show`);
  }
  if (venue.genreShows > 0) {
    parts.push(
      venue.genreShows === 1
        ? "1 of your genres' shows here"
        : `${count(venue.genreShows)} of your genres' shows here`,
    );
  }
  const { source, fillRate } = venue.calibration;
  if (source !== 'none' && fillRate !== null) {
    const whose = source === 'venue' ? "this venue's results" : "similar venues' results";
    parts.push(`${Math.round(fillRate * 100)}% full on average (${whose})`);
  } else {
    parts.push('no past results to go on (estimated from fan demand)');
  }
  return parts.join('; ');
}

export function tourVenue(
  venue: CandidateVenue,
  genres: string[],
  figures: VenueFigures,
): PlannedVenue {
  return {
    venueId: venue.venueId,
    venueName: venue.venueName,
    city: venue.city,
    state: venue.state,
    capacity: venue.capacity,
    estimatedDemand: figures.estimatedDemand,
    expectedAttendance: figures.expectedAttendance,
    expectedRevenue: figures.expectedRevenue,
    calibration: venue.calibration.source,
    why: whyLine(venue, genres, figures),
  };
}
