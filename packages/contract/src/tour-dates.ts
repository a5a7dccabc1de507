import { z } from 'zod';
import { ZShowStatus } from './shows.ts';

/**
 * One upcoming show in an artist's or venue's public tour-date feed (`shows.json`) and in the
 * embeddable tour-dates widget: public facts only (no takings, no attendees), with absolute URLs
 * so that a page on another origin can link back to Encore. `ticketUrl` is Encore's counted
 * ticket link (/go/ticket/:id), null when the show has none; `alertUrl` is the performer's page,
 * where a fan sets an alert (or signs up first).
 */
export const ZTourDate = z.object({
  id: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  status: ZShowStatus,
  performer: z.object({ id: z.string(), name: z.string() }),
  venue: z.object({ name: z.string(), city: z.string(), state: z.string() }),
  pageUrl: z.string(),
  alertUrl: z.string(),
  ticketUrl: z.string().nullable(),
});
export type TTourDate = z.infer<typeof ZTourDate>;

/** An artist's or venue's upcoming shows, soonest first (cancelled ones marked by `status`). */
export const ZTourDates = z.object({
  name: z.string(),
  pageUrl: z.string(),
  shows: z.array(ZTourDate),
});
export type TTourDates = z.infer<typeof ZTourDates>;
