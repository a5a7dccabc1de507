import { type TTourDatesOwner, ZApiError, ZTourDates, zSingleLineText } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaAnswer } from '../http/openapi-media.ts';
import type { PublicCache } from '../http/public-cache.ts';
import { type PublicPages, TOUR_DATES_CORS } from '../http/public-pages.ts';
import { TOUR_DATES_FRAME_CSP } from '../http/security-headers.ts';
import type { TourDates } from '../services/tour-dates.service.ts';

export type TourDatesRoutesOptions = {
  tourDates: TourDates;
  publicCache: PublicCache;
  publicPages: PublicPages;
};

const params = z.object({ id: zSingleLineText().max(200) });
const OWNERS: ReadonlyArray<{ owner: TTourDatesOwner; tag: string; what: string }> = [
  { owner: 'artists', tag: 'artists', what: 'An artist’s' },
  { owner: 'venues', tag: 'venues', what: 'A venue’s' },
];
/** The frame page may be kept a while: it only names the owner and loads the widget. */
const FRAME_CACHE = 'public, max-age=300';

/**
 * The public tour-date feeds (`/api/{artists,venues}/:id/shows.json` and `.ics`, cached pages)
 * and the tour-dates widget's `<iframe>` page (`/embed/{artists,venues}/:id`, the one page other
 * sites may frame). Registered without a prefix.
 */
export const tourDatesRoutes: FastifyPluginAsyncZod<TourDatesRoutesOptions> = async (app, o) => {
  const { publicCache, publicPages } = o;
  for (const { owner, tag, what } of OWNERS) {
    app.get(
      `/api/${owner}/:id/shows.json`,
      {
        schema: {
          tags: [tag],
          summary: `${what} upcoming shows for the tour-dates widget (CORS: any origin, no credentials)`,
          params,
          response: { 200: ZTourDates, 400: ZApiError, 404: ZApiError },
        },
      },
      async (request, reply) => {
        // On its errors too, so that the widget on another site can tell a 404 from a failure.
        reply.header(TOUR_DATES_CORS[0], TOUR_DATES_CORS[1]);
        return publicCache.send(request, reply, publicPages.tourDates(owner, request.params.id));
      },
    );
    app.get(
      `/api/${owner}/:id/shows.ics`,
      {
        schema: {
          tags: [tag],
          summary: `${what} upcoming shows as an iCalendar feed to subscribe to`,
          params,
          response: {
            200: mediaAnswer(
              'text/calendar',
              'One VEVENT per upcoming show (cancelled: STATUS:CANCELLED)',
            ),
            400: ZApiError,
            404: ZApiError,
          },
        },
      },
      async (request, reply) =>
        publicCache.send(request, reply, publicPages.tourCalendar(owner, request.params.id)),
    );
    app.get(
      `/embed/${owner}/:id`,
      {
        schema: {
          tags: [tag],
          summary: `${what} tour-dates widget alone, for an <iframe> on another site`,
          params,
          response: {
            200: mediaAnswer('text/html', 'The widget’s script tag in a page any site may frame'),
            400: ZApiError,
            404: ZApiError,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const feed = await publicCache.value(publicPages.tourDates(owner, id));
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', FRAME_CACHE)
          .header('content-security-policy', TOUR_DATES_FRAME_CSP);
        return o.tourDates.frame(owner, id, feed);
      },
    );
  }
};
