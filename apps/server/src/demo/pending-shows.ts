import type { DemoPerformer, DemoVenue } from './demo-rows.ts';
import type { GeneratedShow, ShowPlan } from './generate-shows.ts';

/**
 * Shows one party announced and the other has not confirmed yet (the dashboards list
 * them): the demo performer's at the demo venue, waiting for the venue; a nearby venue's with
 * the demo performer, waiting for the performer; the demo venue's with another performer,
 * waiting for that performer. [plan, announced by]: days from today, all upcoming.
 */
export function pendingPlans(cast: {
  performer: DemoPerformer;
  venue: DemoVenue;
  nearbyVenue: DemoVenue;
  otherPerformer: DemoPerformer;
}): Array<[ShowPlan, string]> {
  const { performer: P, venue: V, nearbyVenue: N, otherPerformer: O } = cast;
  return [
    [{ performer: P, venue: V, days: 73, firm: true }, P.user.id],
    [{ performer: P, venue: N, days: 58, firm: true }, N.user.id],
    [{ performer: O, venue: V, days: 95, firm: true }, V.user.id],
  ];
}

/**
 * Turns a generated show into one still waiting for the other party, as POST /api/shows leaves
 * it: not public, so no event yet (fans hear of it at confirmation) and not on sale.
 */
export function leavePending(show: GeneratedShow, announcerId: string): void {
  const { row } = show;
  const other = announcerId === row.performerId ? row.venueId : row.performerId;
  row.createdBy = announcerId;
  row.confirmation = 'pending';
  row.confirmingPartyId = other;
  row.status = 'announced';
  row.updatedAt = row.createdAt;
  show.events = [];
}

/**
 * Whether fans can see the show at all: one waiting for a party's word is on no fan's page, so no
 * demo fan marks it going or attended (as the API refuses them: show-confirmation.ts).
 */
export const seenByFans = (show: GeneratedShow): boolean => show.row.confirmation === 'confirmed';
