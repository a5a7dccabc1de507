import type { TPerformerDashboard, TVenueDashboard } from '@encore/contract';
import { send } from './profile-inputs.ts';
import type { TestApp } from './test-app.ts';

/** The performer's dashboard, failing the test on anything but a 200. */
export async function performerDashboard(t: TestApp, cookie: string) {
  const response = await send(t.app, 'GET', '/api/dashboards/performer', cookie);
  if (response.statusCode !== 200) throw new Error(`dashboard: ${response.body}`);
  return response.json<TPerformerDashboard>();
}

/** The venue's dashboard for a period, failing the test on anything but a 200. */
export async function venueDashboard(t: TestApp, cookie: string, period = 30) {
  const response = await send(t.app, 'GET', `/api/dashboards/venue?period=${period}`, cookie);
  if (response.statusCode !== 200) throw new Error(`dashboard: ${response.body}`);
  return response.json<TVenueDashboard>();
}

/** A day's offset from now as a Date (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
