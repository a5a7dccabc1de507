import { type ATTENDANCE_STATUSES, ZShowDetail } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fanQueryKeys } from './fan-query-keys';

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number] | null;

export interface AttendanceChange {
  showId: string;
  status: AttendanceStatus;
}

/** PUT the fan's mark on a show; the server refuses 'attended' before the start, anything on a cancelled show but null. */
export function setAttendance({ showId, status }: AttendanceChange) {
  return apiRequest(`/api/shows/${encodeURIComponent(showId)}/attendance`, {
    method: 'PUT',
    body: { status },
    schema: ZShowDetail,
  });
}

/** One mutation for every list on the fan's pages; which show is in the variables. */
export function useSetAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAttendance,
    onSuccess: (detail, { showId }) => {
      // The show page's cache (shows-public keys it ['show', id]) gets the fresh detail at once.
      queryClient.setQueryData(['show', showId], detail);
      return queryClient.invalidateQueries({ queryKey: fanQueryKeys.all });
    },
  });
}
