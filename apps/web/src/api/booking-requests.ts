import {
  type TBookingConfirm,
  type TBookingRequestInput,
  ZBookingRequestList,
  ZBookingRequestResponse,
} from '@encore/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Booking requests: a performer asks a venue for a night (from a tour plan or My
 * Shows), the venue holds, declines or confirms it as a show. Shared by My Shows (both sides) and
 * the tour planner's results. Every answer refetches every list of requests: the same request
 * shows in the performer's list, the plan's list and the venue's list.
 */
export const bookingRequestKeys = {
  all: ['booking-requests'] as const,
  list: (planId?: string) => ['booking-requests', 'list', planId ?? null] as const,
};

/** My Shows' own key (features/manage-shows/api/get-my-shows.ts): a confirmed request adds a show. */
const MY_SHOWS_KEY = ['shows', 'mine'] as const;

const requestPath = (id: string, action: string) =>
  `/api/booking-requests/${encodeURIComponent(id)}/${action}`;

/** GET /api/booking-requests[?planId=]: a performer's sent or a venue's received, newest first. */
export function getBookingRequests(planId?: string, signal?: AbortSignal) {
  return apiRequest('/api/booking-requests', {
    schema: ZBookingRequestList,
    query: planId ? { planId } : undefined,
    signal,
  });
}

export const bookingRequestsQueryOptions = ({ planId }: { planId?: string } = {}) =>
  queryOptions({
    queryKey: bookingRequestKeys.list(planId),
    queryFn: ({ signal }) => getBookingRequests(planId, signal),
  });

export const useBookingRequests = ({
  planId,
  enabled = true,
}: {
  planId?: string;
  enabled?: boolean;
} = {}) => useQuery({ ...bookingRequestsQueryOptions({ planId }), enabled });

/** Refetches every request list (and My Shows, which a confirmed request adds a show to). */
function useRefetchRequests() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: bookingRequestKeys.all });
    void queryClient.invalidateQueries({ queryKey: MY_SHOWS_KEY });
  };
}

/** POST /api/booking-requests (performer). */
export function useSendBookingRequest() {
  const refetch = useRefetchRequests();
  return useMutation({
    mutationFn: (input: TBookingRequestInput) =>
      apiRequest('/api/booking-requests', {
        method: 'POST',
        body: input,
        schema: ZBookingRequestResponse,
      }),
    onSuccess: refetch,
  });
}

/** POST /:id/accept (venue): pending → held. */
export function useAcceptBookingRequest() {
  const refetch = useRefetchRequests();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(requestPath(id, 'accept'), { method: 'POST', schema: ZBookingRequestResponse }),
    onSuccess: refetch,
  });
}

/** POST /:id/decline (venue): pending or held → declined, with an optional note. */
export function useDeclineBookingRequest() {
  const refetch = useRefetchRequests();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string | null }) =>
      apiRequest(requestPath(id, 'decline'), {
        method: 'POST',
        body: { note: note?.trim() ? note : null },
        schema: ZBookingRequestResponse,
      }),
    onSuccess: refetch,
  });
}

/** POST /:id/withdraw (performer): pending or held → withdrawn. */
export function useWithdrawBookingRequest() {
  const refetch = useRefetchRequests();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(requestPath(id, 'withdraw'), { method: 'POST', schema: ZBookingRequestResponse }),
    onSuccess: refetch,
  });
}

/** POST /:id/confirm (venue): held → confirmed; the show is created at once confirmed. */
export function useConfirmBookingRequest() {
  const refetch = useRefetchRequests();
  return useMutation({
    mutationFn: ({ id, show }: { id: string; show: TBookingConfirm }) =>
      apiRequest(requestPath(id, 'confirm'), {
        method: 'POST',
        body: show,
        schema: ZBookingRequestResponse,
      }),
    onSuccess: refetch,
  });
}
