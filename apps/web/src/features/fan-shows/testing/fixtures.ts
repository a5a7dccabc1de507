import type {
  TAlertFeed,
  TAlertFeedItem,
  TFanHome,
  TFanShow,
  TShow,
  TShowDetail,
} from '@encore/contract';
import { baseShow } from '@/testing/show-fixture';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

/** Friday 11 December 2099, 8:00 PM in Chicago (CST): safely upcoming. */
export const UPCOMING_START = '2099-12-12T02:00:00.000Z';
/** Saturday 6 June 2026, 9:30 PM in New York (EDT): already started. */
export const PAST_START = '2026-06-07T01:30:00.000Z';

export const show = (overrides: Partial<TShow> = {}): TShow =>
  baseShow({ startsAt: UPCOMING_START, ...overrides });

export const faces = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `fan-${i}`, name: `Fan Number${i}`, photoUrl: null }));

export const fanShow = (
  overrides: Partial<TShow> = {},
  rest: Partial<TFanShow> = {},
): TFanShow => ({
  show: show(overrides),
  myAttendance: 'going',
  faces: [],
  palsGoing: { count: 0, fans: [] },
  ...rest,
});

/** A show that started in June 2026 in New York, at a venue not on Encore. */
export const pastShow = (overrides: Partial<TShow> = {}) =>
  show({
    id: 'show-past',
    performer: { id: 'artist-2', name: 'Jazz Cats', photoUrl: null, genres: ['Jazz'] },
    venue: {
      id: null,
      name: 'Blue Room',
      streetAddress: '1 Canal St',
      city: 'New York',
      state: 'NY',
      zipCode: '10013',
      photoUrl: null,
    },
    startsAt: PAST_START,
    timeZone: 'America/New_York',
    ...overrides,
  });

export const alertItem = (
  overrides: Partial<TShow> = {},
  rest: Partial<TAlertFeedItem> = {},
): TAlertFeedItem => ({
  ...fanShow(overrides, { myAttendance: null }),
  reason: { watching: true, nearby: null },
  ...rest,
});

export const home = (overrides: Partial<TFanHome> = {}): TFanHome => ({
  counts: { goingTo: 0, watching: 0, attended: 0 },
  nextShow: null,
  toConfirm: [],
  ...overrides,
});

export const feed = (items: TAlertFeedItem[], nextCursor: string | null = null): TAlertFeed => ({
  items,
  nextCursor,
});

/** What PUT /attendance answers: the show's detail with the fan's new mark. */
export const detailFor = (showId: string, status: unknown): TShowDetail => ({
  show: show({ id: showId }),
  myAttendance: status as TShowDetail['myAttendance'],
  canEdit: false,
  attendees: [],
  palsGoing: { count: 0, fans: [] },
  newDatePending: false,
});

type Handlers = Parameters<typeof stubApi>[0];

/** A signed-in fan with a finished profile, plus the given API answers. */
export function stubFan(handlers: Handlers = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    ...handlers,
  });
}
