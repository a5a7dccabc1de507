import type { TRole } from '@encore/contract';
import { eq, or, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import {
  account,
  artistAlerts,
  bookingNotices,
  bookingRequests,
  calendarFeeds,
  fanBlocks,
  fanFinishSetup,
  fanLocations,
  fanPlaces,
  fanSettings,
  feedback,
  goingInvites,
  palLinks,
  palRequestDays,
  phoneVerification,
  session,
  showActs,
  showAttendance,
  showNotices,
  showRequests,
  shows,
  socialNotices,
  spotifyConnections,
  tourPlans,
  user,
} from '../db/schema/index.ts';
import { heldForDigest } from './alerts/digest.repo.ts';
import { artistMessagesOf } from './artist-message-export.repo.ts';
import { PROFILE_TABLES } from './profile.repo.ts';

/**
 * Everything stored about one user, for "Export My Data". Secrets are left out: the password
 * hash, session tokens, OAuth tokens and the pending phone code's hash. Rate-limit counters are
 * keyed by client address, not by user, so they are not the user's data.
 */
export function createAccountDataRepo(orm: Orm) {
  return {
    async collect(userId: string, role: TRole) {
      const profileTable = PROFILE_TABLES[role] as (typeof PROFILE_TABLES)['fan'];
      const [
        users,
        accounts,
        sessions,
        profiles,
        settings,
        phones,
        messages,
        showRows,
        alerts,
        going,
        calendarFeed,
        location,
        setupCard,
        spotify,
        pals,
        blocks,
        requestDays,
        invites,
        held,
        acts,
        plans,
        requests,
        notices,
        asked,
        places,
      ] = await Promise.all([
        orm
          .select({
            id: user.id,
            name: user.name,
            username: user.displayUsername,
            email: user.email,
            emailVerified: user.emailVerified,
            image: user.image,
            role: user.role,
            profileComplete: user.profileComplete,
            createdAt: user.createdAt,
            updatedAt: user.updatedAt,
          })
          .from(user)
          .where(eq(user.id, userId)),
        orm
          .select({
            id: account.id,
            providerId: account.providerId,
            accountId: account.accountId,
            scope: account.scope,
            createdAt: account.createdAt,
            updatedAt: account.updatedAt,
          })
          .from(account)
          .where(eq(account.userId, userId)),
        orm
          .select({
            id: session.id,
            createdAt: session.createdAt,
            updatedAt: session.updatedAt,
            expiresAt: session.expiresAt,
            ipAddress: session.ipAddress,
            userAgent: session.userAgent,
          })
          .from(session)
          .where(eq(session.userId, userId)),
        orm.select().from(profileTable).where(eq(profileTable.userId, userId)),
        orm.select().from(fanSettings).where(eq(fanSettings.userId, userId)),
        orm
          .select({
            phone: phoneVerification.phone,
            verifiedAt: phoneVerification.verifiedAt,
            expiresAt: phoneVerification.expiresAt,
            attempts: phoneVerification.attempts,
          })
          .from(phoneVerification)
          .where(eq(phoneVerification.userId, userId)),
        orm.select().from(feedback).where(eq(feedback.userId, userId)),
        // Shows the user announced or plays or hosts, the artists they watch, shows they attend.
        orm
          .select()
          .from(shows)
          .where(
            or(
              eq(shows.createdBy, userId),
              eq(shows.performerId, userId),
              eq(shows.venueId, userId),
            ),
          ),
        orm.select().from(artistAlerts).where(eq(artistAlerts.fanId, userId)),
        orm.select().from(showAttendance).where(eq(showAttendance.fanId, userId)),
        // When the calendar link was made, never its token: the token is a live credential.
        orm
          .select({ createdAt: calendarFeeds.createdAt })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.fanId, userId)),
        orm.select().from(fanLocations).where(eq(fanLocations.userId, userId)),
        orm.select().from(fanFinishSetup).where(eq(fanFinishSetup.userId, userId)),
        // Which Spotify account is connected, never its tokens.
        orm
          .select({
            spotifyUserId: spotifyConnections.spotifyUserId,
            displayName: spotifyConnections.displayName,
            scope: spotifyConnections.scope,
            connectedAt: spotifyConnections.connectedAt,
            refreshedAt: spotifyConnections.refreshedAt,
          })
          .from(spotifyConnections)
          .where(eq(spotifyConnections.userId, userId)),
        // Show Pal links both ways; blocks this user made only (never who blocked them).
        orm
          .select()
          .from(palLinks)
          .where(or(eq(palLinks.fanA, userId), eq(palLinks.fanB, userId))),
        orm.select().from(fanBlocks).where(eq(fanBlocks.blockerId, userId)),
        orm.select().from(palRequestDays).where(eq(palRequestDays.fanId, userId)),
        // Going-together invites sent and received. Blocks delete the open ones between two
        // fans, so nothing here tells who blocked whom.
        orm
          .select()
          .from(goingInvites)
          .where(or(eq(goingInvites.fromFanId, userId), eq(goingInvites.toFanId, userId))),
        // Alerts waiting for the fan's next daily digest, per channel (the outbox has no
        // foreign keys; its rows name the event, whose show is joined for the fan's sake).
        orm.execute<{
          showId: string;
          showEventId: string;
          kind: string;
          channel: string;
          reason: string;
          heldSince: Date | string;
        }>(sql`
          select e.show_id as "showId", d.show_event_id as "showEventId", e.kind, d.channel,
            d.reason, d.created_at as "heldSince"
          from alert_deliveries d join show_events e on e.id = d.show_event_id
          where d.fan_id = ${userId} and ${sql.raw(heldForDigest('d'))}
          order by d.created_at, d.show_event_id, d.channel`),
        // A performer's support slots on other bills, saved tour plans, and booking requests
        // (sent by a performer, received by a venue; the other side's message is theirs too).
        orm.select().from(showActs).where(eq(showActs.performerId, userId)),
        orm.select().from(tourPlans).where(eq(tourPlans.performerId, userId)),
        orm
          .select()
          .from(bookingRequests)
          .where(or(eq(bookingRequests.performerId, userId), eq(bookingRequests.venueId, userId))),
        // The notification centre's notices to this user (the alerts themselves are the
        // outbox's, of which the held ones are above).
        Promise.all([
          orm.select().from(showNotices).where(eq(showNotices.userId, userId)),
          orm.select().from(socialNotices).where(eq(socialNotices.userId, userId)),
          orm.select().from(bookingNotices).where(eq(bookingNotices.userId, userId)),
        ]),
        // The fan's requests for a show near them, open and closed (an artist's dashboard shows
        // only counts of them, so they are the fan's data, not the artist's).
        orm
          .select({
            performerId: showRequests.performerId,
            zipCode: showRequests.zipCode,
            city: showRequests.city,
            state: showRequests.state,
            status: showRequests.status,
            showId: showRequests.showId,
            createdAt: showRequests.createdAt,
            closedAt: showRequests.closedAt,
          })
          .from(showRequests)
          .where(eq(showRequests.fanId, userId))
          .orderBy(showRequests.createdAt),
        // The places the fan keeps besides home, with their trips.
        orm
          .select({
            label: fanPlaces.label,
            city: fanPlaces.city,
            state: fanPlaces.state,
            zipCode: fanPlaces.zipCode,
            latitude: fanPlaces.latitude,
            longitude: fanPlaces.longitude,
            radius: fanPlaces.radius,
            tripStart: fanPlaces.tripStart,
            tripEnd: fanPlaces.tripEnd,
            createdAt: fanPlaces.createdAt,
          })
          .from(fanPlaces)
          .where(eq(fanPlaces.fanId, userId))
          .orderBy(fanPlaces.createdAt),
      ]);
      const invite = (r: (typeof invites)[number], fanId: string) => ({
        showId: r.showId,
        fanId,
        state: r.state,
        createdAt: r.createdAt,
        answeredAt: r.answeredAt,
      });
      return {
        user: users[0] ?? null,
        accounts,
        sessions,
        profile: profiles[0] ?? null,
        fanSettings: settings[0] ?? null,
        phoneVerification: phones[0] ?? null,
        feedback: messages,
        shows: showRows,
        artistAlerts: alerts,
        showAttendance: going,
        calendarFeed: calendarFeed[0] ?? null,
        fanLocation: location[0] ?? null,
        finishSetup: setupCard[0] ?? null,
        spotifyConnection: spotify[0] ?? null,
        palLinks: pals,
        fanBlocks: blocks,
        palRequestDays: requestDays,
        goingInvites: {
          sent: invites.filter((r) => r.fromFanId === userId).map((r) => invite(r, r.toFanId)),
          received: invites.filter((r) => r.toFanId === userId).map((r) => invite(r, r.fromFanId)),
        },
        heldForDigest: held.rows.map((r) => ({ ...r, heldSince: new Date(r.heldSince) })),
        showActs: acts,
        tourPlans: plans,
        bookingRequests: requests,
        notices: { show: notices[0], social: notices[1], booking: notices[2] },
        showRequests: asked,
        fanPlaces: places,
        artistMessages: await artistMessagesOf(orm, userId),
      };
    },

    /**
     * One DELETE: every other table references user(id) ON DELETE CASCADE, so the user's
     * profile, settings, sessions, accounts, feedback, phone codes, shows, alerts, attendance,
     * Show Pal links, blocks, request counts, going-together invites (sent and received) and
     * Show Pals notices (received, or about this user as the actor) go in the same statement.
     */
    async deleteUser(userId: string): Promise<boolean> {
      const rows = await orm.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
      return rows.length > 0;
    },
  };
}

export type AccountDataRepo = ReturnType<typeof createAccountDataRepo>;
