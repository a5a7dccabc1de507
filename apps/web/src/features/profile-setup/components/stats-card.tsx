import { ChartNoAxesColumn } from 'lucide-react';
import { numberFormat } from '@/lib/intl-format';
import { SetupSection } from './setup-section';

export interface StatItem {
  label: string;
  value: string;
}

interface StatsCardProps {
  title: string;
  /** undefined while loading. */
  items: readonly StatItem[] | undefined;
  /** How many tiles the skeleton shows while loading. */
  count: number;
  isError: boolean;
}

/** Read-only counts from /api/stats: a skeleton while loading, a short line when they failed. */
export function StatsCard({ title, items, count, isError }: StatsCardProps) {
  return (
    <SetupSection title={title} icon={ChartNoAxesColumn}>
      {isError ? (
        <p className="text-sm text-fg-muted">Your stats could not be loaded right now.</p>
      ) : items ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {items.map((item) => (
            <div key={item.label} className="rounded-xl bg-surface-raised p-4 text-center">
              <dt className="text-sm text-fg-muted">{item.label}</dt>
              <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{item.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div
          role="status"
          aria-label="Loading stats"
          className="grid grid-cols-2 gap-3 sm:grid-cols-4"
        >
          {SKELETON_KEYS.slice(0, count).map((key) => (
            <div
              key={key}
              className="h-20 animate-pulse rounded-xl bg-surface-raised motion-reduce:animate-none"
            />
          ))}
        </div>
      )}
    </SetupSection>
  );
}

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];

export const formatCount = (value: number) => numberFormat().format(value);
export const formatMoney = (value: number) =>
  numberFormat({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value);
