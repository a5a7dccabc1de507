import { type ATTENDANCE_STATUSES, ZShowDetail } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { showQueryKey } from './get-show';

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number] | null;

export function setAttendance(id: string, status: AttendanceStatus) {
  return apiRequest(`/api/shows/${encodeURIComponent(id)}/attendance`, {
    method: 'PUT',
    body: { status },
    schema: ZShowDetail,
  });
}

export function useSetAttendance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: AttendanceStatus) => setAttendance(id, status),
    onSuccess: (data) => queryClient.setQueryData(showQueryKey(id), data),
  });
}
