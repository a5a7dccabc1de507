import type {
  TAwaitingResultsShow,
  TDashboardShow,
  TPendingDashboardShow,
  TPerformerDashboard,
  TUpcomingDashboardShow,
} from '@encore/contract';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

export const performer = sessionUser({
  id: 'artist-1',
  username: 'nightstatic',
  role: 'performer',
  profileComplete: true,
});

/** A show as the dashboard lists name it: Night Static at The Lantern, Fri 11 Dec 2099, 8 PM CST. */
export const dashboardShow = (overrides: Partial<TDashboardShow> = {}): TDashboardShow => ({
  id: 'show-1',
  startsAt: '2099-12-12T02:00:00.000Z',
  timeZone: 'America/Chicago',
  status: 'on_sale',
  genre: 'Rock',
  performerName: 'Night Static',
  venueName: 'The Lantern',
  city: 'Chicago',
  state: 'IL',
  ...overrides,
});

export const upcomingShow = (
  overrides: Partial<TUpcomingDashboardShow> = {},
): TUpcomingDashboardShow => ({
  ...dashboardShow(),
  going: 12,
  ticketClicks: 34,
  daysToShow: 5,
  ...overrides,
});

export const awaitingShow = (
  overrides: Partial<TAwaitingResultsShow> = {},
): TAwaitingResultsShow => ({
  ...dashboardShow({
    id: 'show-past',
    startsAt: '2026-06-07T01:30:00.000Z',
    venueName: 'Blue Room',
  }),
  mayEnterResults: true,
  ...overrides,
});

export const pendingShow = (
  overrides: Partial<TPendingDashboardShow> = {},
): TPendingDashboardShow => ({
  ...dashboardShow({ id: 'show-pending', venueName: 'The Vault' }),
  waitingForMe: true,
  ...overrides,
});

const months = (values: number[]) =>
  values.map((followers, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, followers }));

/** Alerts delivered per channel, in DELIVERY_CHANNELS order. */
const delivered = (inApp: number, push: number, email: number, sms: number) => [
  { channel: 'in_app' as const, delivered: inApp },
  { channel: 'push' as const, delivered: push },
  { channel: 'email' as const, delivered: email },
  { channel: 'sms' as const, delivered: sms },
];

/** A performer with no followers, no tour, no shows: what a new account sees. */
export const emptyPerformerDashboard = (): TPerformerDashboard => ({
  followers: {
    total: 0,
    gainedThisMonth: 0,
    gainedLastMonth: 0,
    growthPercent: null,
    byMonth: months(Array(12).fill(0)),
  },
  topCities: [],
  lastTour: null,
  alertActivations: { allTime: 0, thisMonth: 0 },
  alertsDelivered: delivered(0, 0, 0, 0),
  showRequests: { total: 0, cities: [] },
  shows: { upcoming: [], awaitingResults: [], pendingConfirmation: [] },
});

/** A performer with a year of followers, a tour with results and merch, and shows in every list. */
export const fullPerformerDashboard = (): TPerformerDashboard => ({
  followers: {
    total: 1204,
    gainedThisMonth: 40,
    gainedLastMonth: 32,
    growthPercent: 25,
    byMonth: months([100, 180, 260, 340, 420, 500, 600, 700, 820, 950, 1164, 1204]),
  },
  topCities: [
    { city: 'Chicago', state: 'IL', followers: 400 },
    { city: 'Austin', state: 'TX', followers: 210 },
    { city: 'Denver', state: 'CO', followers: 1 },
  ],
  lastTour: {
    // Mid-day UTC: the same calendar day wherever the tests run (UTC−12 to UTC+5).
    firstShow: '2026-05-02T18:00:00.000Z',
    lastShow: '2026-05-20T18:00:00.000Z',
    shows: 4,
    showsWithResults: 3,
    attendance: 960,
    capacity: 1200,
    attendanceRate: 0.8,
    merchRevenue: 12000,
    merchPerHead: 12.5,
  },
  alertActivations: { allTime: 1500, thisMonth: 61 },
  alertsDelivered: delivered(900, 300, 1200, 0),
  showRequests: {
    total: 215,
    cities: [
      { city: 'Denver', state: 'CO', fans: 212 },
      { city: 'Boise', state: 'ID', fans: null },
    ],
  },
  shows: {
    upcoming: [upcomingShow()],
    awaitingResults: [
      awaitingShow(),
      awaitingShow({ id: 'show-venue-enters', venueName: 'The Hall', mayEnterResults: false }),
    ],
    pendingConfirmation: [
      pendingShow(),
      pendingShow({ id: 'show-theirs', venueName: 'Gallery', waitingForMe: false }),
    ],
  },
});

/** Signs the performer in and answers the dashboard with `dashboard` (or a handler); no tour plans yet. */
export function stubPerformerDashboard(answer: () => Response | Promise<Response>) {
  return stubApi({
    'GET /api/account/session': () => json({ user: performer }),
    'GET /api/dashboards/performer': answer,
    'GET /api/tour-plans': () => json({ plans: [] }),
  });
}
