import {
  EMPTY_TOUR_CONSTRAINTS,
  type TBookingRequest,
  type TTourPlan,
  type TTourPlanSummary,
} from '@encore/contract';
import { bookingRequest as sharedBookingRequest } from '@/testing/profile-fixtures';
import { apiError, json, type StubRequest, stubApi } from '@/testing/stub-api';

/**
 * The year of the window the correction form starts from: it checks dates as the server does
 * (real, at most 5 years ahead), so never a fixed year. The route's nights stay in 2099 for their
 * fixed weekday names: nothing checks them against the clock.
 */
export const WINDOW_YEAR = new Date().getFullYear() + 1;

const venue = (overrides: Partial<TTourPlan['venues'][number]>): TTourPlan['venues'][number] => ({
  venueId: 'venue-sinclair',
  venueName: 'The Sinclair',
  city: 'Cambridge',
  state: 'MA',
  capacity: 525,
  contactEmail: 'booking@sinclair.test',
  bookingPhone: '(617) 555-0101',
  estimatedDemand: 312,
  expectedAttendance: 410,
  expectedRevenue: 9840,
  calibration: 'venue',
  why: '312 of your followers within reach; hosted 14 Indie shows; 78% full on average',
  ...overrides,
});

/** Two nights in the Northeast: Cambridge, then Providence 50 mi on, where few fans live. */
export function tourPlan(overrides: Partial<TTourPlan> = {}): TTourPlan {
  return {
    id: 'plan-1',
    name: 'Northeast, March 2099',
    prompt: '2 dates in the Northeast in March, 500-1000 capacity, max 300 miles a day',
    createdAt: '2099-01-10T12:00:00.000Z',
    updatedAt: '2099-01-10T12:00:00.000Z',
    constraints: { ...EMPTY_TOUR_CONSTRAINTS, regions: ['Northeast'], dateCount: 2 },
    resolved: {
      ...EMPTY_TOUR_CONSTRAINTS,
      regions: ['Northeast'],
      startDate: `${WINDOW_YEAR}-03-01`,
      endDate: `${WINDOW_YEAR}-03-31`,
      dateCount: 2,
      capacityMin: 500,
      capacityMax: 1000,
      maxDriveMiles: 300,
    },
    understood:
      'I understood: 2 dates in the Northeast between Mar 1 and Mar 31, 2099, rooms of 500–1,000, at most 300 miles a day.',
    venues: [
      venue({}),
      venue({
        venueId: 'venue-columbus',
        venueName: 'Columbus Theatre',
        city: 'Providence',
        state: 'RI',
        capacity: 700,
        contactEmail: 'shows@columbus-theatre-providence-rhode-island.test',
        bookingPhone: '(401) 555-0199',
        estimatedDemand: null,
        expectedAttendance: 350,
        expectedRevenue: 7000,
        calibration: 'similar',
        why: 'Few of your fans nearby yet; similar rooms sell 50% on average',
      }),
    ],
    contactsHidden: false,
    route: [
      stop(1, '2099-03-06', 'venue-sinclair', 'The Sinclair', 'Cambridge', 'MA', null),
      stop(2, '2099-03-07', 'venue-columbus', 'Columbus Theatre', 'Providence', 'RI', 50),
    ],
    tourOptimization: {
      routeEfficiency: 0.92,
      totalDistance: 1234,
      estimatedRevenue: 16840,
      explanation: 'The straight-line bound on these stops divided by the route’s length.',
    },
    outreachEmail: 'Hello,\n\nNight Static would love to play your room in March.\n\nThanks!',
    ...overrides,
  };
}

function stop(
  n: number,
  date: string,
  venueId: string,
  venueName: string,
  city: string,
  state: string,
  driveMiles: number | null,
) {
  return { stop: n, date, venueId, venueName, city, state, driveMiles };
}

export function summaryOf(plan: TTourPlan): TTourPlanSummary {
  const dates = plan.route.map((s) => s.date);
  return {
    id: plan.id,
    name: plan.name,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    dates: dates.length,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
    estimatedRevenue: plan.tourOptimization.estimatedRevenue,
  };
}

/** A pending request from Night Static (artist-1) to The Sinclair, Cambridge MA. */
export const bookingRequest = (overrides: Partial<TBookingRequest> = {}): TBookingRequest =>
  sharedBookingRequest({
    performerId: 'artist-1',
    performerName: 'Night Static',
    performerGenres: ['Indie'],
    venueId: 'venue-sinclair',
    venueName: 'The Sinclair',
    city: 'Cambridge',
    state: 'MA',
    message: 'Hello',
    ...overrides,
  });

type Answer = (request: StubRequest) => Response | Promise<Response>;

interface PlannerServer {
  /** Saved plans, newest first. */
  plans?: TTourPlan[];
  /** POST /api/tour-plans; by default answers `tourPlan()`. A plan answered is saved. */
  create?: Answer;
  /** PUT /api/tour-plans/:id; by default answers the plan with the body's constraints as resolved. */
  rerun?: Answer;
  /** GET /api/tour-plans; by default the summaries of `plans`. */
  list?: Answer;
  requests?: TBookingRequest[];
  sendRequest?: Answer;
  /** Answers that replace the fake's own, by "METHOD /path". */
  overrides?: Record<string, Answer>;
}

/**
 * A planner server that keeps plans and booking requests like the real one: what is created,
 * renamed or deleted shows in the next list.
 */
export function stubPlanner(server: PlannerServer = {}) {
  const plans = [...(server.plans ?? [])];
  const requests = [...(server.requests ?? [])];
  const idOf = (path: string) => decodeURIComponent(path.split('/').at(-1) ?? '');
  const find = (path: string) => plans.find((p) => p.id === idOf(path));
  const planRoutes: Record<string, Answer> = {};
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
    planRoutes[`${method} /api/tour-plans/plan-1`] = planAnswer(method);
    planRoutes[`${method} /api/tour-plans/plan-2`] = planAnswer(method);
  }
  function planAnswer(method: string): Answer {
    return async (request) => {
      const plan = find(request.path);
      if (!plan) return apiError(404, 'NOT_FOUND', 'We could not find that tour plan');
      if (method === 'GET') return json(plan);
      if (method === 'DELETE') {
        plans.splice(plans.indexOf(plan), 1);
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH') {
        plan.name = (request.body as { name: string }).name;
        return json(plan);
      }
      if (server.rerun) return server.rerun(request);
      plan.resolved = (request.body as { constraints: TTourPlan['resolved'] }).constraints;
      return json(plan);
    };
  }
  return stubApi({
    'GET /api/tour-plans': (request) =>
      server.list ? server.list(request) : json({ plans: plans.map(summaryOf) }),
    'POST /api/tour-plans': async (request) => {
      const response = server.create ? await server.create(request) : json(tourPlan(), 201);
      if (response.ok) plans.unshift((await response.clone().json()) as TTourPlan);
      return response;
    },
    ...planRoutes,
    'GET /api/booking-requests': (request) =>
      json({ requests: requests.filter((r) => r.planId === request.query.get('planId')) }),
    'POST /api/booking-requests': async (request) => {
      if (server.sendRequest) return server.sendRequest(request);
      const body = request.body as { venueId: string; date: string; message: string };
      const sent = bookingRequest({ ...body, id: `request-${requests.length + 1}` });
      requests.unshift(sent);
      return json({ request: sent }, 201);
    },
    ...server.overrides,
  });
}
