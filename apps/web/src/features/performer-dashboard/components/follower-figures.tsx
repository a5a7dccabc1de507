import type { TPerformerDashboard } from '@encore/contract';
import { TrendChart } from '@/components/charts/trend-chart';
import { FigureCard } from '@/components/dashboard/figure-card';
import {
  formatCount,
  formatGrowth,
  formatMonth,
  formatSignedCount,
} from '@/components/dashboard/format';

type Followers = TPerformerDashboard['followers'];

/** Total followers, this month's growth, and the 12-month chart. */
export function FollowerFigures({ followers }: { followers: Followers }) {
  return (
    <>
      <FigureCard
        title="Total followers"
        value={formatCount(followers.total)}
        definition="Fans with an active alert on you. A fan who removes the alert stops counting."
      />
      <FigureCard
        title="Monthly growth"
        value={formatSignedCount(followers.gainedThisMonth)}
        detail={growthDetail(followers)}
        definition="Followers gained this calendar month (new alerts minus removed ones, UTC), compared with the same count for last month."
      />
    </>
  );
}

function growthDetail({ gainedLastMonth, growthPercent }: Followers): string {
  const last = `${formatSignedCount(gainedLastMonth)} last month`;
  if (growthPercent === null) return `${last}, so no % to compare yet`;
  return `${formatGrowth(growthPercent)} vs last month (${last})`;
}

/** The chart of followers at the end of each of the last 12 months. */
export function FollowerChart({
  byMonth,
  className,
}: {
  byMonth: Followers['byMonth'];
  className?: string;
}) {
  return (
    <FigureCard
      className={className}
      title="Followers over 12 months"
      definition="Fans with an active alert on you at the end of each calendar month; the last point is today."
    >
      <TrendChart
        captionHidden
        caption="Followers at the end of each month"
        labelHeading="Month"
        valueHeading="Followers"
        points={byMonth.map((m) => ({ label: formatMonth(m.month), value: m.followers }))}
      />
    </FigureCard>
  );
}

/** Up to three cities with the most followers, from their home ZIP codes. */
export function TopCities({ cities }: { cities: TPerformerDashboard['topCities'] }) {
  return (
    <FigureCard
      title="Top fan cities"
      definition="Your followers grouped by the city of the home ZIP code in their profile; the three biggest. Followers without a ZIP code are not placed."
    >
      {cities.length === 0 ? (
        <p className="text-sm text-fg-muted">No followers with a home ZIP code yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {cities.map((c) => (
            <li key={`${c.city}-${c.state}`} className="flex items-baseline justify-between gap-3">
              <span className="break-words">
                {c.city}, {c.state}
              </span>
              <span className="shrink-0 tabular-nums text-fg-muted">
                {formatCount(c.followers)} {c.followers === 1 ? 'follower' : 'followers'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </FigureCard>
  );
}
