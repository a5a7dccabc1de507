/**
 * The writer of `npm run bench:traffic`: while a round runs, demo fans, performers and venues
 * change things through the real HTTP API with their own session cookies (and the app's Origin,
 * as a browser sends it), at a set number of writes a second, drawn from what each really does:
 * fans mark going / not going and set or drop artist alerts and ask for Show Pals, venues enter
 * their past shows' results, new fans sign up and set up, fans change their privacy; and, on top of those, one announcement a minute of writing (`clock`:
 * the first when a series of rounds starts writing), made by a performer at an Encore venue, which
 * confirms it: the show goes public and alerts the performer's fans.
 *
 * A write is done (2xx), refused (a business answer: 404, 409, 429, e.g. a pal already asked or
 * the day's pal requests used up; listed by status) or failed (anything else: 5xx, 400, 401, 403,
 * a network error or no answer in 10 s).
 */
import type { TFanProfileInput } from '@encore/contract';
import type { Actor, TrafficWorld } from './traffic-world.ts';

export type WriteTally = {
  done: number;
  refused: Map<string, number>;
  failed: Map<string, number>;
  /** Each write's time to its answer (ms); an announcement counts its confirmation too. */
  latencies: number[];
  announcements: number;
};

/** The announcements' clock, carried from round to round of a series: writing time so far. */
export type AnnounceClock = { writingMs: number; announced: number };

/** What each write is, with its share of the writes (the announcements come on their own clock). */
export const MIX = [
  ['going', 0.27],
  ['not going', 0.13],
  ['alert set', 0.18],
  ['alert dropped', 0.13],
  ['pal request', 0.09],
  ['results entered', 0.09],
  // Who people are (migration 0044 follows them by row): a new fan, a fan's settings changed.
  ['sign-up', 0.05],
  ['profile edit', 0.06],
] as const;
export type Action = (typeof MIX)[number][0] | 'announcement';
/** Every kind of write, the announcement last. */
export const ACTIONS: Action[] = [...MIX.map(([action]) => action), 'announcement'];

export const ANNOUNCE_EVERY_MS = 60_000;
const REFUSALS = new Set([404, 409, 429]);
const TIMEOUT_MS = 10_000;

/** The writes' draws: Math.random unless `seedWrites` made them repeatable (bench:drops' A/B). */
let random = Math.random;

/** Makes every draw of the writes that follow repeatable: the same seed, the same writes. */
export function seedWrites(seed: number) {
  let state = seed >>> 0;
  // mulberry32: small, fast, good enough to draw writes.
  random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

export function emptyTally(): WriteTally {
  return { done: 0, refused: new Map(), failed: new Map(), latencies: [], announcements: 0 };
}

/** Writes at `rate` a second until `stop`, which waits for the writes in flight. */
export function startWriter(
  base: string,
  world: TrafficWorld,
  rate: number,
  tally: WriteTally,
  clock: AnnounceClock,
) {
  const act = writeActions(base, world);
  const inFlight = new Set<Promise<void>>();

  const fire = (action: Action) => {
    const startedAt = performance.now();
    const write = act(action)
      .then(({ status }) => {
        tally.latencies.push(performance.now() - startedAt);
        if (status < 300) tally.done++;
        else count(REFUSALS.has(status) ? tally.refused : tally.failed, `${action} ${status}`);
      })
      .catch((error: Error) => count(tally.failed, `${action} ${error.name}`))
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
  };

  const startedAt = Date.now();
  let fired = 0;
  // Writes due by the clock, not one per timer tick: a late tick (the load generator shares this
  // event loop) catches up instead of lowering the rate.
  const tick = () => {
    const elapsed = Date.now() - startedAt;
    if (rate > 0 && clock.writingMs + elapsed >= clock.announced * ANNOUNCE_EVERY_MS) {
      clock.announced++;
      tally.announcements++;
      fire('announcement');
    }
    for (; fired < Math.floor((elapsed / 1000) * rate); fired++) fire(drawAction());
  };
  tick();
  const timer = setInterval(tick, 20);

  return {
    stop: async () => {
      clearInterval(timer);
      clock.writingMs += Date.now() - startedAt;
      await Promise.all(inFlight);
    },
  };
}

/**
 * One write of a given kind by a drawn actor, through the HTTP API; its answer's status. Kept
 * state: what the writer itself marked, so that "not going" and "alert dropped" undo something real.
 */
export function writeActions(
  base: string,
  world: TrafficWorld,
): (action: Action) => Promise<{ status: number }> {
  const origin = new URL(base).origin;
  // What the writer itself marked, once answered, so that "not going" and "alert dropped" undo
  // something real, as a fan does after seeing it set (dropping an alert while its PUT is in
  // flight made the PUT answer 500 once: it upserts, then reads the alert back).
  const going = new Map<Actor, string[]>();
  const alerts = new Map<Actor, string[]>();

  const send = async (actor: Actor, method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, base), {
      method,
      headers: {
        cookie: actor.cookie,
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text) as { show?: { id: string } } };
  };

  const act = async (action: Action) => {
    const fan = pick(world.fans);
    switch (action) {
      case 'going': {
        const show = pick(world.upcomingShows);
        const answer = await send(fan, 'PUT', `/api/shows/${show}/attendance`, { status: 'going' });
        if (answer.status < 300) going.set(fan, [...(going.get(fan) ?? []), show]);
        return answer;
      }
      case 'not going': {
        const show = going.get(fan)?.pop() ?? pick(world.upcomingShows);
        return send(fan, 'PUT', `/api/shows/${show}/attendance`, { status: null });
      }
      case 'alert set': {
        const artist = pick(world.artists);
        const channels = ['push', 'email'];
        const answer = await send(fan, 'PUT', `/api/artists/${artist}/alert`, { channels });
        if (answer.status < 300) alerts.set(fan, [...(alerts.get(fan) ?? []), artist]);
        return answer;
      }
      case 'alert dropped': {
        const artist = alerts.get(fan)?.pop() ?? pick(world.artists);
        return send(fan, 'DELETE', `/api/artists/${artist}/alert`);
      }
      case 'pal request': {
        // Another fan: asking oneself is a 400, which the tally counts as a failed write.
        let other = pick(world.fanIds);
        while (other === fan.id) other = pick(world.fanIds);
        return send(fan, 'POST', '/api/social/requests', { fanId: other });
      }
      case 'results entered': {
        const venue = pick(world.venues.filter((v) => v.pastShows.length > 0));
        // A crowd the room holds: more than its capacity is refused unless confirmed (as a venue
        // entering a real night's figures would not).
        const attendance = Math.max(1, Math.floor(venue.capacity * (0.4 + random() * 0.6)));
        return send(venue, 'PUT', `/api/shows/${pick(venue.pastShows)}/results`, {
          attendance,
          grossRevenue: attendance * 25,
          merchRevenue: attendance * 6,
        });
      }
      case 'sign-up': {
        // A new fan: the account, then the setup's profile (a fan's first two writes).
        // A username is at most 20 letters, digits and underscores.
        const id = `${Date.now().toString(36).slice(-6)}${random().toString(36).slice(2, 10)}`;
        const password = 'Bench-traffic-2026';
        const account = await fetch(new URL('/api/account/sign-up', base), {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({
            username: `b_${id}`,
            email: `bench.${id}@example.com`,
            password,
            confirmPassword: password,
            role: 'fan',
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await account.text();
        const session = account.headers.getSetCookie().find((c) => c.startsWith('encore.session'));
        if (account.status >= 300 || !session) return { status: account.status };
        const newcomer = { id, cookie: session.split(';')[0] as string };
        const profile = benchFanProfile('NewFan', `bench.${id}@example.com`);
        return send(newcomer, 'PUT', '/api/profile/fan', profile);
      }
      case 'profile edit':
        // A fan changes who may see them (fan_settings; the faces of their shows follow).
        return send(fan, 'PUT', '/api/settings/privacy', {
          visibility: pick(['public', 'friends']),
          showAttendance: true,
          allowFriendRequests: true,
        });
      case 'announcement':
        return announce();
    }
  };

  /** A performer announces at an Encore venue, which confirms: the show goes public. */
  const announce = async () => {
    const performer = pick(world.performers);
    const venue = pick(world.venues);
    const day = new Date(Date.now() + (30 + Math.floor(random() * 120)) * 86_400_000);
    const announced = await send(performer, 'POST', '/api/shows', {
      performerId: performer.id,
      venueId: venue.id,
      externalVenue: null,
      startsAtLocal: `${day.toISOString().slice(0, 10)}T${19 + Math.floor(random() * 3)}:30`,
      ticketUrl: 'https://tickets.example.com/bench-traffic',
      priceMin: 20,
      priceMax: 35,
      onSaleAtLocal: null,
      supportingActs: [],
      genre: null,
      confirmSameDay: true,
    });
    const id = announced.status < 300 ? announced.json().show?.id : undefined;
    if (!id) return announced;
    return send(venue, 'POST', `/api/shows/${id}/confirm`);
  };

  return act;
}

function drawAction(): Action {
  let left = random();
  for (const [action, share] of MIX) {
    left -= share;
    if (left < 0) return action;
  }
  return 'going';
}

function count(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** A new fan's profile as a bench fills it in: a Brooklyn rock fan. */
export function benchFanProfile(tagName: string, email: string): TFanProfileInput {
  return {
    tagName,
    ageRange: '25-34',
    gender: 'female',
    email,
    phone: '(212) 555-0142',
    homeCity: 'Brooklyn',
    zipCode: '11211',
    preferredRadius: 25,
    smsOptIn: false,
    favoriteGenres: ['Rock'],
  };
}
