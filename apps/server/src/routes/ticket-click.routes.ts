import { ZApiError, zSingleLineText } from '@encore/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import { redirectAnswer } from '../http/openapi-media.ts';
import type { TicketClicks } from '../services/ticket-click.service.ts';

export type TicketClickRoutesOptions = {
  clicks: TicketClicks;
  /** The signed-in user, if any: a fan is one visitor from any address. */
  viewer: (request: FastifyRequest) => Promise<SessionUser | null>;
};

/**
 * GET /go/ticket/:id, the href of every 'Purchase Ticket(s)' link: counts the click (once per
 * visitor per show per UTC day) and sends the fan on to the show's own ticket page, every time.
 * Outside /api because fans follow it as a link, not a fetch; never cached, so every click
 * reaches us.
 */
export const ticketClickRoutes: FastifyPluginAsyncZod<TicketClickRoutesOptions> = async (
  app,
  { clicks, viewer },
) => {
  app.get(
    '/ticket/:id',
    {
      schema: {
        tags: ['shows'],
        summary:
          'Counts a click on a show’s ticket link (once per visitor per day) and redirects (302) ' +
          'to its ticket URL; 404 for a show without a public ticket link',
        params: z.object({ id: zSingleLineText().max(200) }),
        response: { 302: redirectAnswer('To the show’s own ticket page'), 404: ZApiError },
      },
    },
    async (request, reply) => {
      const count = request.method === 'GET';
      // Only a counted click needs to know who clicked.
      const user = count ? await viewer(request) : null;
      const target = await clicks.follow(request.params.id, {
        count,
        visitor: { userId: user?.id ?? null, address: request.ip },
      });
      if (target !== null) return reply.redirect(target, 302);
      // The app's own not-found answer (the SPA's not-found page, or the JSON error without a
      // built SPA), with a real 404 status that the page fallback keeps.
      reply.code(404);
      return reply.callNotFound();
    },
  );
};
