import type { TArtistAlert } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { removeAlert } from '@/api/artist-alerts';
import { reportRequestError } from '@/lib/report-request-error';
import { watchingQueryKey } from './get-watching';

/**
 * Drops the row only once the server has removed the alert, so a failure leaves it listed. The
 * toasts live here, not in `mutate` callbacks: the row unmounts on success, and callbacks given
 * to `mutate` are skipped once their component is gone.
 */
export function useRemoveWatchedAlert(alert: Pick<TArtistAlert, 'performerId' | 'performerName'>) {
  const queryClient = useQueryClient();
  const { performerId, performerName } = alert;
  return useMutation({
    mutationFn: () => removeAlert(performerId),
    onSuccess: () => {
      toast.success(`${performerName} alert removed`);
      queryClient.setQueryData<{ alerts: TArtistAlert[] }>(watchingQueryKey, (old) =>
        old ? { alerts: old.alerts.filter((a) => a.performerId !== performerId) } : old,
      );
      // Other pages count or show this alert (the dashboard's Watching tile, the artist page):
      // mark every cached answer stale so they refetch when next opened, without refetching now.
      void queryClient.invalidateQueries({ refetchType: 'none' });
    },
    onError: (error) =>
      reportRequestError(error, { title: `Could not remove the ${performerName} alert` }),
  });
}
