import {
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  type TDashboardPeriod,
} from '@encore/contract';

/** The URL's `?period=` parameter: the dashboard's period, kept in the URL to share and reload. */
export const PERIOD_PARAM = 'period';

/** `?period=90` → 90; a missing or unknown value falls back to the default (30 days). */
export function periodFromSearch(search: URLSearchParams): TDashboardPeriod {
  const asked = Number(search.get(PERIOD_PARAM));
  return DASHBOARD_PERIODS.find((p) => p === asked) ?? DEFAULT_DASHBOARD_PERIOD;
}
