import {
  type TBookingRequestInput,
  ZBookingRequestList,
  ZBookingRequestResponse,
} from '@encore/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Booking requests sent from a tour plan: what the plan's venue rows show (each venue's latest
 * request's state) and the 'Send booking request' dialog's POST. The venue answers elsewhere,
 * so the list is refetched whenever the plan is opened.
 */
export const planBookingKeys = {
  all: ['booking-requests'] as const,
  forPlan: (planId: string) => [...planBookingKeys.all, 'plan', planId] as const,
};

export const planBookingRequestsQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: planBookingKeys.forPlan(planId),
    queryFn: ({ signal }) =>
      apiRequest('/api/booking-requests', {
        query: { planId },
        schema: ZBookingRequestList,
        signal,
      }),
    staleTime: 0,
  });

export const usePlanBookingRequests = (planId: string) =>
  useQuery(planBookingRequestsQueryOptions(planId));

/** POST /api/booking-requests: ask a venue for a night of the plan. */
export function useSendBookingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TBookingRequestInput) =>
      apiRequest('/api/booking-requests', {
        method: 'POST',
        body: input,
        schema: ZBookingRequestResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planBookingKeys.all }),
  });
}
