import type { TVenueDashboard } from '@encore/contract';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

export const venue = sessionUser({
  id: 'venue-1',
  username: 'the_lantern',
  role: 'venue',
  profileComplete: true,
});

const listShow = {
  startsAt: '2099-12-12T02:00:00.000Z',
  timeZone: 'America/Chicago',
  status: 'on_sale' as const,
  genre: 'Rock',
  performerName: 'Night Static',
  venueName: 'The Lantern',
  city: 'Chicago',
  state: 'IL',
};

/** A venue with no shows in the period and no audience: every figure unknown. */
export const emptyVenueDashboard = (period = 30): TVenueDashboard => ({
  period,
  genres: [],
  totals: { events: 0, attendance: 0, grossRevenue: 0 },
  monthlyAttendance: [],
  audience: {
    fans: 3,
    averageAge: null,
    genders: [
      { gender: 'male', fans: null },
      { gender: 'female', fans: null },
      { gender: 'other', fans: null },
      { gender: 'prefer-not-to-say', fans: null },
    ],
    ageRanges: [{ ageRange: '25-34', fans: null }],
    topZips: [],
  },
  revenue: {
    showsWithResults: 0,
    averageAttendance: null,
    capacityRate: null,
    revenuePerShow: null,
  },
  shows: { upcoming: [], awaitingResults: [], pendingConfirmation: [] },
});

/** A venue with three genres of shows with results, a mixed audience and shows in every list. */
export const fullVenueDashboard = (period = 30): TVenueDashboard => ({
  period,
  genres: [
    { genre: 'Rock', events: 6, attendance: 1800, grossRevenue: 45000 },
    { genre: 'Jazz', events: 3, attendance: 420, grossRevenue: 8400.5 },
    { genre: 'Hip-Hop', events: 1, attendance: 250, grossRevenue: 5000 },
  ],
  totals: { events: 10, attendance: 2470, grossRevenue: 58400.5 },
  monthlyAttendance: [
    { month: '2026-10', attendance: 1200 },
    { month: '2026-11', attendance: 1270 },
  ],
  audience: {
    fans: 640,
    averageAge: 29.46,
    genders: [
      { gender: 'male', fans: 300 },
      { gender: 'female', fans: 320 },
      { gender: 'other', fans: 16 },
      { gender: 'prefer-not-to-say', fans: null },
    ],
    ageRanges: [
      { ageRange: '18-24', fans: 200 },
      { ageRange: '25-34', fans: 380 },
      { ageRange: '65+', fans: null },
    ],
    topZips: [
      { zipCode: '60601', city: 'Chicago', state: 'IL', fans: 210 },
      { zipCode: '60614', city: 'Chicago', state: 'IL', fans: 95 },
      { zipCode: '60302', city: 'Oak Park', state: 'IL', fans: 40 },
    ],
  },
  revenue: {
    showsWithResults: 10,
    averageAttendance: 247,
    capacityRate: 0.823,
    revenuePerShow: 5840.05,
  },
  shows: {
    upcoming: [{ ...listShow, id: 'show-1', going: 40, ticketClicks: 3, daysToShow: 1 }],
    awaitingResults: [
      { ...listShow, id: 'show-past', startsAt: '2026-06-07T01:30:00.000Z', mayEnterResults: true },
    ],
    pendingConfirmation: [
      { ...listShow, id: 'show-theirs', performerName: 'Jazz Cats', waitingForMe: false },
    ],
  },
});

/** Signs the venue in and answers GET /api/dashboards/venue with `answer(period asked)`. */
export function stubVenueDashboard(
  answer: (period: string | null) => Response | Promise<Response>,
) {
  return stubApi({
    'GET /api/account/session': () => json({ user: venue }),
    'GET /api/dashboards/venue': ({ query }) => answer(query.get('period')),
  });
}
