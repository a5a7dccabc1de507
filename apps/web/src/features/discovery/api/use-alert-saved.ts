import type { TArtistAlert, TArtistSearchResults, TRecommendations } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { discoveryKeys } from './discovery-query-keys';

type Cached = TArtistSearchResults | TRecommendations | undefined;

/**
 * After the alert dialog saved an alert: every cached search and the recommendations show the
 * artist as watched at once, and other pages that count alerts refetch when next opened.
 */
export function useAlertSaved() {
  const queryClient = useQueryClient();
  return (alert: TArtistAlert) => {
    const mark = <A extends { id: string; alertChannels: unknown }>(artists: A[]): A[] =>
      artists.map((a) =>
        a.id === alert.performerId ? { ...a, alertChannels: alert.channels } : a,
      );
    queryClient.setQueriesData<Cached>({ queryKey: discoveryKeys.all }, (old) => {
      if (!old) return old;
      return 'results' in old
        ? { results: mark(old.results) }
        : { ...old, artists: mark(old.artists) };
    });
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== discoveryKeys.all[0],
      refetchType: 'none',
    });
  };
}
