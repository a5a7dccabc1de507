import { DASHBOARD_PERIODS, type TDashboardPeriod } from '@encore/contract';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { PERIOD_PARAM } from '../utils/period';

/** Last 30 / 90 / 365 days as links that set `?period=`, so the choice lives in the URL. */
export function PeriodSelector({ period }: { period: TDashboardPeriod }) {
  return (
    <nav aria-label="Period">
      <ul className="inline-flex rounded-xl border border-line bg-surface p-1">
        {DASHBOARD_PERIODS.map((p) => (
          <li key={p}>
            <Link
              to={{ search: `?${PERIOD_PARAM}=${p}` }}
              aria-current={p === period ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap',
                p === period ? 'bg-accent text-on-accent' : 'text-fg hover:text-accent-strong',
              )}
            >
              {/* 'Last' is read out everywhere but shown from tablets up: three choices fit a 320 px phone. */}
              <span className="sr-only sm:not-sr-only sm:whitespace-pre">Last </span>
              {p} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
