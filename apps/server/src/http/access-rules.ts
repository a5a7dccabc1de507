import {
  ARTIST_MESSAGE_MESSAGES,
  BOOKING_MESSAGES,
  FAN_PAGE_MESSAGES,
  FAN_PLACE_MESSAGES,
  PROFILE_EXTRA_MESSAGES,
  SHOW_MESSAGES,
  SHOW_REQUEST_MESSAGES,
  SHOW_ROLE_MESSAGES,
  SOCIAL_MESSAGES,
  TOUR_PLANNER_MESSAGES,
  type TRole,
} from '@encore/contract';

/**
 * Who may call each route, in one table. Why one table rather than a hook per route: a route's
 * access is then read in one place, `http/access-guard.ts` enforces the coarse part (signed in,
 * role) from it before the body is read, the app refuses to start with a route that is missing
 * here, and the access matrix suite (test/security/access-matrix.test.ts) walks every entry as anonymous,
 * each wrong role and a wrong owner. Services still check ownership (a show is its performer's
 * or venue's), since only they load the target.
 *
 * - public: anyone, signed in or not (a signed-in viewer may see their own bits).
 * - token: no session; the request carries its own proof (a token in the path, a signature).
 * - signed-in: any role; the session's user is the only subject (401 signed out).
 * - role: signed in with one of `roles` (401 signed out, else 403 with `refusal`).
 * - owner: a role rule whose target (`:id`) must also belong to the caller; the service answers
 *   403 (or 404) to anyone else.
 */
export type AccessRule =
  | { access: 'public' }
  | { access: 'token'; proof: string }
  | { access: 'signed-in' }
  | { access: 'role'; roles: readonly TRole[]; refusal: string }
  | { access: 'owner'; roles: readonly TRole[]; refusal: string; target: OwnedTarget };

/**
 * What an owner route's `:id` names, and who owns it. `show`: the show's performer or Encore
 * venue. `show-awaiting`: a show another party announced naming the caller, waiting for its word
 * (only that party confirms or declines it). `show-results`: a show whose results the caller
 * enters (its Encore venue, or its performer when the venue is not on Encore). `booking-request`:
 * a request its venue answers and its performer withdraws (each else 404, or 403 to the other).
 * `show-act`: a show whose bill names the caller as a support act (only that artist gives its
 * word on its slot).
 */
export type OwnedTarget =
  | 'show'
  | 'show-awaiting'
  | 'show-results'
  | 'show-act'
  | 'booking-request';

/**
 * URLs under these prefixes must have a rule; everything else is the SPA's static files. /go/ holds
 * the links fans follow out of Encore (the counted ticket link).
 */
const GUARDED_PREFIXES = ['/api/', '/uploads/', '/go/'];

const PUBLIC = { access: 'public' } as const;
const SIGNED_IN = { access: 'signed-in' } as const;
const token = (proof: string): AccessRule => ({ access: 'token', proof });
const only = (roles: readonly TRole[], refusal: string): AccessRule => ({
  access: 'role',
  roles,
  refusal,
});
const BOOKERS = ['performer', 'venue'] as const;
const FAN_PAGES = only(['fan'], FAN_PAGE_MESSAGES.fansOnly);
const FAN_MARKS = only(['fan'], SHOW_ROLE_MESSAGES.fansOnly);
const SHOW_PALS = only(['fan'], SOCIAL_MESSAGES.fansOnly);
const FAN_REQUESTS = only(['fan'], SHOW_REQUEST_MESSAGES.fansOnly);
// A fan's own places: the service scopes every statement to the caller, so another fan's place
// id is not found (owner only, with no target to look up first).
const FAN_PLACES = only(['fan'], FAN_PLACE_MESSAGES.fansOnly);
// The service also scopes every plan to its performer: another's plan id is not found.
const TOUR_PLANNER = only(['performer'], TOUR_PLANNER_MESSAGES.performersOnly);
// Artist messages (decision 045): performers write and read their own; fans mute and report.
const ARTIST_SENDERS = only(['performer'], ARTIST_MESSAGE_MESSAGES.performersOnly);
const ARTIST_READERS = only(['fan'], ARTIST_MESSAGE_MESSAGES.fansOnly);
const OWN_PROFILE = (role: TRole) => only([role], PROFILE_EXTRA_MESSAGES.wrongRole);
const SHOW_OWNER = (roles: readonly TRole[], target: OwnedTarget = 'show'): AccessRule => ({
  access: 'owner',
  roles,
  refusal: SHOW_MESSAGES.notYourShow,
  target,
});
const BOOKING_PARTY = (role: TRole, refusal: string): AccessRule => ({
  access: 'owner',
  roles: [role],
  refusal,
  target: 'booking-request',
});
const SHOW_ACT: AccessRule = {
  access: 'owner',
  roles: ['performer'],
  refusal: SHOW_MESSAGES.onlyActConfirms,
  target: 'show-act',
};
const SHOW_PARTY: AccessRule = {
  access: 'owner',
  roles: BOOKERS,
  refusal: SHOW_MESSAGES.onlyPartyConfirms,
  target: 'show-awaiting',
};

/** Keys are `METHOD url` as the router has them (`:param`, no trailing slash); HEAD uses GET's. */
export const ACCESS_RULES: Readonly<Record<string, AccessRule>> = {
  'POST /api/account/sign-up': PUBLIC,
  'POST /api/account/login': PUBLIC,
  'POST /api/account/logout': PUBLIC, // 204 also when signed out
  'GET /api/account/session': PUBLIC, // { user: null } when signed out
  'GET /api/account/username-exists': PUBLIC,
  'GET /api/account/security': SIGNED_IN,
  'POST /api/account/password': SIGNED_IN,
  'POST /api/account/email/send-verification': SIGNED_IN,
  // Opened from the mail, often on another device; redirects with emailVerified=0 without one.
  'GET /api/account/email/verify': token('the verification token in the query'),
  'GET /api/account/email/change': SIGNED_IN,
  'POST /api/account/email/change': SIGNED_IN,
  'POST /api/account/email/change/resend': SIGNED_IN,
  'DELETE /api/account/email/change': SIGNED_IN,
  // Opened from the mail, often on another device or signed out: the token names the account.
  'POST /api/account/email/change/confirm': token('the email change token in the body'),
  'POST /api/account/phone/send-code': SIGNED_IN,
  'POST /api/account/phone/verify': SIGNED_IN,
  'GET /api/account/export': SIGNED_IN,
  'DELETE /api/account': SIGNED_IN,
  'GET /api/feedback/config': SIGNED_IN,
  'POST /api/feedback': SIGNED_IN,

  'GET /api/profile/fan': OWN_PROFILE('fan'),
  'PUT /api/profile/fan': OWN_PROFILE('fan'),
  'PATCH /api/profile/fan': OWN_PROFILE('fan'),
  'GET /api/profile/performer': OWN_PROFILE('performer'),
  'PUT /api/profile/performer': OWN_PROFILE('performer'),
  'PATCH /api/profile/performer': OWN_PROFILE('performer'),
  'GET /api/profile/venue': OWN_PROFILE('venue'),
  'PUT /api/profile/venue': OWN_PROFILE('venue'),
  'PATCH /api/profile/venue': OWN_PROFILE('venue'),
  'POST /api/profile/photo': SIGNED_IN, // any role, even before the profile exists
  'DELETE /api/profile/photo': SIGNED_IN,
  'GET /uploads/:key': PUBLIC,
  'GET /api/stats/fan': OWN_PROFILE('fan'),
  'GET /api/stats/performer': OWN_PROFILE('performer'),
  'GET /api/stats/venue': OWN_PROFILE('venue'),
  // The session's user is the subject: each sees its own dashboard only.
  'GET /api/dashboards/performer': OWN_PROFILE('performer'),
  'GET /api/dashboards/venue': OWN_PROFILE('venue'),
  'GET /api/settings/fan': OWN_PROFILE('fan'),
  'PUT /api/settings/notifications': OWN_PROFILE('fan'),
  'PUT /api/settings/privacy': OWN_PROFILE('fan'),

  // The service also checks that the announcer names itself as the show's performer or venue.
  'POST /api/shows': only(BOOKERS, SHOW_ROLE_MESSAGES.announce),
  'PATCH /api/shows/:id': SHOW_OWNER(BOOKERS),
  'POST /api/shows/:id/cancel': SHOW_OWNER(BOOKERS),
  'POST /api/shows/:id/postpone': SHOW_OWNER(BOOKERS),
  // The Encore venue's to enter, or the performer's at a venue not on Encore (the service checks).
  'PUT /api/shows/:id/results': SHOW_OWNER(BOOKERS, 'show-results'),
  // An import announces and edits the caller's own shows only (the service names the caller as
  // the performer or venue of every row).
  'POST /api/shows/import/preview': only(BOOKERS, SHOW_ROLE_MESSAGES.announce),
  'POST /api/shows/import': only(BOOKERS, SHOW_ROLE_MESSAGES.announce),
  'POST /api/shows/:id/confirm': SHOW_PARTY,
  'POST /api/shows/:id/decline': SHOW_PARTY,
  // A support act's word on its slot: only the artist the bill names (the service checks).
  'POST /api/shows/:id/acts/confirm': SHOW_ACT,
  'POST /api/shows/:id/acts/decline': SHOW_ACT,
  // The city listing (/shows?near=): shared as a link, the same answer for everyone.
  'GET /api/shows': PUBLIC,
  'GET /api/shows/mine': only(BOOKERS, SHOW_ROLE_MESSAGES.bookersOnly),
  'GET /api/shows/:id': PUBLIC,
  'GET /api/shows/:id/calendar.ics': PUBLIC,
  // 'Purchase Ticket(s)': counts the click (a number per show per day, nothing of the fan).
  'GET /go/ticket/:id': PUBLIC,
  'PUT /api/shows/:id/attendance': FAN_MARKS,
  'GET /api/artists/:id': PUBLIC,
  'PUT /api/artists/:id/alert': FAN_MARKS,
  'DELETE /api/artists/:id/alert': FAN_MARKS,
  'GET /api/alerts/watching': FAN_MARKS,
  // "Request a show near me": a fan's own request on an artist (the fan is the only subject).
  'GET /api/artists/:id/show-request': FAN_REQUESTS,
  'POST /api/artists/:id/show-request': FAN_REQUESTS,
  'DELETE /api/artists/:id/show-request': FAN_REQUESTS,
  'GET /api/venues/:id': PUBLIC,
  // The tour-date feeds (JSON for the widget on other sites, iCalendar) and the widget's frame.
  'GET /api/artists/:id/shows.json': PUBLIC,
  'GET /api/artists/:id/shows.ics': PUBLIC,
  'GET /api/venues/:id/shows.json': PUBLIC,
  'GET /api/venues/:id/shows.ics': PUBLIC,
  'GET /embed/artists/:id': PUBLIC,
  'GET /embed/venues/:id': PUBLIC,
  'GET /api/directory/performers': only(BOOKERS, SHOW_ROLE_MESSAGES.bookersOnly),
  'GET /api/directory/venues': only(BOOKERS, SHOW_ROLE_MESSAGES.bookersOnly),
  // Booking requests: performers ask, the request's venue answers, its performer withdraws.
  'POST /api/booking-requests': only(['performer'], BOOKING_MESSAGES.performersOnly),
  'GET /api/booking-requests': only(BOOKERS, SHOW_ROLE_MESSAGES.bookersOnly),
  'POST /api/booking-requests/:id/accept': BOOKING_PARTY('venue', BOOKING_MESSAGES.venuesOnly),
  'POST /api/booking-requests/:id/decline': BOOKING_PARTY('venue', BOOKING_MESSAGES.venuesOnly),
  'POST /api/booking-requests/:id/confirm': BOOKING_PARTY('venue', BOOKING_MESSAGES.venuesOnly),
  'POST /api/booking-requests/:id/withdraw': BOOKING_PARTY(
    'performer',
    BOOKING_MESSAGES.performersOnly,
  ),

  'GET /api/fan/home': FAN_PAGES,
  'GET /api/fan/alerts': FAN_PAGES,
  'GET /api/fan/shows-attending': FAN_PAGES,
  'GET /api/fan/shows-attended': FAN_PAGES,
  'GET /api/fan/calendar-feed': FAN_PAGES,
  'POST /api/fan/calendar-feed': FAN_PAGES,
  'DELETE /api/fan/calendar-feed': FAN_PAGES,
  'GET /api/calendar/:token.ics': token('the calendar link’s random token in the path'),
  'GET /api/fan/location': FAN_PAGES,
  'PUT /api/fan/location': FAN_PAGES,
  'POST /api/fan/location/fallback': FAN_PAGES,
  'POST /api/fan/location/skip': FAN_PAGES,
  'POST /api/fan/location/home': FAN_PAGES,
  'GET /api/fan/finish-setup': FAN_PAGES,
  'GET /api/fan/places': FAN_PLACES,
  'POST /api/fan/places': FAN_PLACES,
  'PUT /api/fan/places/:id': FAN_PLACES,
  'DELETE /api/fan/places/:id': FAN_PLACES,
  'POST /api/fan/finish-setup/dismiss': FAN_PAGES,
  'GET /api/discovery/artists': FAN_PAGES,
  'GET /api/discovery/recommended': FAN_PAGES,
  'GET /api/discovery/genres/:genre': FAN_PAGES,
  // Every role's centre: fans' alerts, performers' and venues' show notices.
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/read': SIGNED_IN,
  'GET /api/notifications/stream': SIGNED_IN,
  // Show Pals are between fans; the service decides who may be asked, seen or blocked.
  'GET /api/social': SHOW_PALS,
  'POST /api/social/requests': SHOW_PALS,
  'POST /api/social/requests/:fanId/accept': SHOW_PALS,
  'POST /api/social/requests/:fanId/decline': SHOW_PALS,
  'DELETE /api/social/requests/:fanId': SHOW_PALS,
  'DELETE /api/social/pals/:fanId': SHOW_PALS,
  'GET /api/social/suggestions': SHOW_PALS,
  'GET /api/social/blocks': SHOW_PALS,
  'GET /api/shows/:id/attendees': SHOW_PALS,
  'GET /api/shows/:id/invites': SHOW_PALS,
  'POST /api/shows/:id/invites': SHOW_PALS,
  'POST /api/shows/:id/invites/answer': SHOW_PALS,
  'GET /api/social/invites': SHOW_PALS,
  'GET /api/fans/:username': SHOW_PALS,
  'PUT /api/social/blocks/:fanId': SHOW_PALS,
  'DELETE /api/social/blocks/:fanId': SHOW_PALS,
  'GET /api/spotify/connection': FAN_PAGES,
  'DELETE /api/spotify/connection': FAN_PAGES,
  'POST /api/spotify/authorize': FAN_PAGES,
  'POST /api/spotify/connect': FAN_PAGES,
  'GET /api/spotify/top-artists': FAN_PAGES,
  'GET /api/spotify/library': FAN_PAGES,
  'GET /api/spotify/import': FAN_PAGES,
  'POST /api/spotify/import': FAN_PAGES,
  'GET /api/lastfm': FAN_PAGES,
  'POST /api/lastfm/preview': FAN_PAGES,
  'POST /api/lastfm/import': FAN_PAGES,
  'POST /api/artist-messages/preview': ARTIST_SENDERS,
  'POST /api/artist-messages': ARTIST_SENDERS,
  'GET /api/artist-messages': ARTIST_SENDERS,
  'POST /api/artist-messages/:id/report': ARTIST_READERS,
  'GET /api/artist-mutes': ARTIST_READERS,
  'PUT /api/artist-mutes/:performerId': ARTIST_READERS,
  'DELETE /api/artist-mutes/:performerId': ARTIST_READERS,
  'POST /api/tour-plans': TOUR_PLANNER,
  'GET /api/tour-plans': TOUR_PLANNER,
  'GET /api/tour-plans/:id': TOUR_PLANNER,
  'PUT /api/tour-plans/:id': TOUR_PLANNER,
  'PATCH /api/tour-plans/:id': TOUR_PLANNER,
  'DELETE /api/tour-plans/:id': TOUR_PLANNER,

  'GET /api/push/public-key': SIGNED_IN,
  'PUT /api/push/subscription': only(['fan'], 'Only fans get push alerts'),
  'DELETE /api/push/subscription': SIGNED_IN, // forgets the caller's own subscription only
  'POST /api/unsubscribe/:token': token('the HMAC unsubscribe token in the path'),
  'GET /api/unsubscribe/:token': PUBLIC, // changes nothing: redirects to the page that asks
  'POST /api/sms/inbound': token('the SMS provider’s request signature'),

  'GET /api/health': PUBLIC,
  // For crawlers, at the site's root: public pages only (services/seo.service.ts).
  'GET /robots.txt': PUBLIC,
  'GET /sitemap.xml': PUBLIC,
  // The public pages' HTML with their own heads (routes/page-html.routes.ts): as their JSON.
  'GET /shows': PUBLIC,
  'GET /shows/:id': PUBLIC,
  'GET /artists/:id': PUBLIC,
  'GET /venues/:id': PUBLIC,
  'POST /api/client-events/not-found': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
};

/** The table's key for a route: HEAD is GET's twin; `/api/x/` and `/api/x` are one route. */
export function accessKey(method: string, url: string): string {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
}

/** Whether a route URL must have a rule (the API and uploads; not the SPA's files). */
export function isGuardedUrl(url: string): boolean {
  return url === '/api' || GUARDED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export function accessRuleOf(method: string, url: string): AccessRule | undefined {
  const key = accessKey(method, url);
  return Object.hasOwn(ACCESS_RULES, key) ? ACCESS_RULES[key] : undefined;
}
