import type { TTourPlan } from '@encore/contract';
import { formatDollars, formatRate } from '@/components/dashboard/format';
import { formatMiles } from '../utils/plan-format';
import { ResultSection } from './result-section';

/** The seed's tourOptimization as three figures, and how the efficiency is computed one tap away. */
export function TourOptimization({
  optimization,
}: {
  optimization: TTourPlan['tourOptimization'];
}) {
  const figures = [
    ['Route efficiency', formatRate(optimization.routeEfficiency)],
    ['Total distance', formatMiles(optimization.totalDistance)],
    ['Estimated revenue', formatDollars(optimization.estimatedRevenue)],
  ] as const;
  return (
    <ResultSection id="tour-optimization" title="Tour optimization">
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line p-3">
            <dt className="text-sm text-fg-muted">{label}</dt>
            <dd className="font-display text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer text-accent">How is this counted?</summary>
        <p className="mt-1 text-fg-muted">{optimization.explanation}</p>
      </details>
    </ResultSection>
  );
}
