import type { TRole } from '@encore/contract';
import { type Stats, useStats } from '@/api/stats';
import { LoadState } from './load-state';
import { SettingsSection } from './settings-section';
import { StatList } from './stat-list';

interface AnalyticsSectionProps<R extends TRole> {
  /** Whose figures: the role whose stats are asked for. */
  statsOf: R;
  /** The figures in screen order, from the role's GET /api/stats/<role> answer. */
  items: (stats: Stats<R>) => ReadonlyArray<{ label: string; value: string }>;
}

/** A settings page's Analytics tab: the role's read-only figures once loaded, else their state. */
export function AnalyticsSection<R extends TRole>({ statsOf, items }: AnalyticsSectionProps<R>) {
  const query = useStats(statsOf);
  const stats = query.data;
  return (
    <SettingsSection title="Analytics">
      {stats ? (
        <StatList items={items(stats)} />
      ) : (
        <LoadState
          isPending={query.isPending}
          error={query.error}
          retry={() => void query.refetch()}
          what="your analytics"
        />
      )}
    </SettingsSection>
  );
}
