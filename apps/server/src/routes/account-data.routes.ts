import { ZApiError } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authHeaders, forwardCookies } from '../http/auth-headers.ts';
import { currentUser } from '../http/signed-in.ts';
import type { AccountDataService } from '../services/account-data.service.ts';

export type AccountDataRoutesOptions = {
  service: AccountDataService;
  signedIn: onRequestHookHandler;
};

const ZRow = z.record(z.string(), z.unknown());
/** The export file: each table's rows about the user, secrets left out. */
const ZAccountExport = z.object({
  exportedAt: z.string(),
  user: ZRow.nullable(),
  accounts: z.array(ZRow),
  sessions: z.array(ZRow),
  profile: ZRow.nullable(),
  fanSettings: ZRow.nullable(),
  phoneVerification: ZRow.nullable(),
  feedback: z.array(ZRow),
  shows: z.array(ZRow),
  artistAlerts: z.array(ZRow),
  showAttendance: z.array(ZRow),
  /** When the private calendar link was made; never the token itself. */
  calendarFeed: ZRow.nullable(),
  /** The location step's last position, and the 'Finish setting up' card's state. */
  fanLocation: ZRow.nullable(),
  finishSetup: ZRow.nullable(),
  /** The Spotify account connected, without its tokens. */
  spotifyConnection: ZRow.nullable(),
  /** Show Pals: links both ways, the blocks this user made, requests sent per day. */
  palLinks: z.array(ZRow),
  fanBlocks: z.array(ZRow),
  palRequestDays: z.array(ZRow),
  /** Going-together invites: `fanId` is the other fan (the pal invited, or who invited). */
  goingInvites: z.object({ sent: z.array(ZRow), received: z.array(ZRow) }),
  /** Alerts waiting for the next daily digest: show, event, kind, channel, reason, since when. */
  heldForDigest: z.array(ZRow),
  /** A performer's support slots on other bills, saved tour plans and booking requests. */
  showActs: z.array(ZRow),
  tourPlans: z.array(ZRow),
  /** Booking requests sent (a performer) or received (a venue). */
  bookingRequests: z.array(ZRow),
  /** The notification centre's notices to this user, by kind. */
  notices: z.object({ show: z.array(ZRow), social: z.array(ZRow), booking: z.array(ZRow) }),
  /** The fan's requests for a show near them, open and closed. */
  showRequests: z.array(ZRow),
  /** The places the fan keeps besides home, with their trips. */
  fanPlaces: z.array(ZRow),
  /** Artist messages: sent (a performer), received, muted artists and reports (a fan). */
  artistMessages: z.object({
    sent: z.array(ZRow),
    received: z.array(ZRow),
    mutes: z.array(ZRow),
    reports: z.array(ZRow),
  }),
});

const tags = ['account'];

/** GET /api/account/export and DELETE /api/account (Settings > Account). */
export const accountDataRoutes: FastifyPluginAsyncZod<AccountDataRoutesOptions> = async (
  app,
  { service, signedIn },
) => {
  app.addHook('onRequest', signedIn);
  app.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'Download every row stored about the signed-in user, as a JSON file',
        response: { 200: ZAccountExport, 401: ZApiError },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.header(
        'content-disposition',
        `attachment; filename="encore-export-${user.username}.json"`,
      );
      return service.export(user);
    },
  );
  app.delete(
    '/',
    {
      schema: {
        tags,
        summary: 'Delete the account and all its data (photo included), and sign out',
        response: { 204: z.null(), 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      const { setCookies } = await service.delete(currentUser(request), authHeaders(request));
      forwardCookies(reply, setCookies);
      return reply.status(204).send(null);
    },
  );
};
