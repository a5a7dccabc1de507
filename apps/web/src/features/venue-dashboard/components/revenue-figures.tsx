import type { TVenueDashboard } from '@encore/contract';
import { FigureCard } from '@/components/dashboard/figure-card';
import { formatCount, formatDollars, formatRate, orNotKnown } from '@/components/dashboard/format';

type Revenue = TVenueDashboard['revenue'];

const ENTER_RESULTS = 'Enter the results of your past shows to see attendance.';

/** The revenue snapshot: average attendance, capacity rate, revenue per show. */
export function RevenueFigures({ revenue }: { revenue: Revenue }) {
  const basis =
    revenue.showsWithResults === 0
      ? ENTER_RESULTS
      : `Over ${formatCount(revenue.showsWithResults)} ${revenue.showsWithResults === 1 ? 'show' : 'shows'} with results`;
  return (
    <>
      <FigureCard
        title="Average attendance"
        value={orNotKnown(revenue.averageAttendance, (n) => formatCount(Math.round(n)))}
        detail={basis}
        definition="Attendance ÷ shows, over the period's shows with results entered."
      />
      <FigureCard
        title="Capacity rate"
        value={orNotKnown(revenue.capacityRate, formatRate)}
        detail={basis}
        definition="Attendance ÷ capacity over the period's shows with results, using the capacity in your venue profile."
      />
      <FigureCard
        title="Revenue per show"
        value={orNotKnown(revenue.revenuePerShow, formatDollars)}
        detail={basis}
        definition="Gross revenue ÷ shows, over the period's shows with results entered."
      />
    </>
  );
}
