import type { ATTENDANCE_STATUSES } from '@encore/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { showKeys } from './show-keys';

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number] | null;

export interface AttendanceChange {
  showId: string;
  status: AttendanceStatus;
}

/** PUT the fan's mark on a show; the server refuses 'attended' before the start, anything on a cancelled show but null. */
export async function setAttendance({ showId, status }: AttendanceChange) {
  // Loaded here, not with the module: the fan dashboard's start-up carries no zod (on a slow phone).
  const { ZShowDetail } = await import('./show-detail-schema');
  return apiRequest(`/api/shows/${encodeURIComponent(showId)}/attendance`, {
    method: 'PUT',
    body: { status },
    schema: ZShowDetail,
  });
}

/**
 * One mutation for every place a fan marks a show; which show is in the variables. The show
 * page's cache gets the fresh detail at once; `invalidate` names the caller's lists that show
 * the mark too (the fan's pages pass their prefix).
 */
export function useSetAttendance({ invalidate }: { invalidate?: QueryKey } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAttendance,
    onSuccess: (detail, { showId }) => {
      queryClient.setQueryData(showKeys.detail(showId), detail);
      if (invalidate) return queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
}
