import {
  type TTourConstraints,
  type TTourPlan,
  type TTourPlanInput,
  ZTourPlan,
  ZTourPlanList,
} from '@encore/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The performer's tour plans: plan and save, list, open, plan again from corrected
 * constraints, rename, delete. Planning reads many venues and fans on the server, so it gets
 * a longer timeout than the 15 s default.
 */
export const tourPlanKeys = {
  all: ['tour-plans'] as const,
  list: () => [...tourPlanKeys.all, 'list'] as const,
  detail: (id: string) => [...tourPlanKeys.all, 'detail', id] as const,
};

const PLANNING_TIMEOUT_MS = 30_000;
const planPath = (id: string) => `/api/tour-plans/${encodeURIComponent(id)}`;

export const tourPlansQueryOptions = queryOptions({
  queryKey: tourPlanKeys.list(),
  queryFn: ({ signal }) => apiRequest('/api/tour-plans', { schema: ZTourPlanList, signal }),
});

export const tourPlanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tourPlanKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(planPath(id), { schema: ZTourPlan, signal }),
  });

export const useTourPlans = () => useQuery(tourPlansQueryOptions);
export const useTourPlan = (id: string | null) =>
  useQuery({ ...tourPlanQueryOptions(id ?? ''), enabled: id !== null });

/** A new or re-planned plan is the freshest: cache it whole and refetch the list (newest first). */
function usePlanSaved() {
  const queryClient = useQueryClient();
  return (plan: TTourPlan) => {
    queryClient.setQueryData(tourPlanKeys.detail(plan.id), plan);
    return queryClient.invalidateQueries({ queryKey: tourPlanKeys.list() });
  };
}

/** POST /api/tour-plans: plan from the prompt (or from constraints the performer set) and save. */
export function useCreateTourPlan() {
  const saved = usePlanSaved();
  return useMutation({
    mutationFn: (input: TTourPlanInput) =>
      apiRequest('/api/tour-plans', {
        method: 'POST',
        body: input,
        schema: ZTourPlan,
        timeoutMs: PLANNING_TIMEOUT_MS,
      }),
    onSuccess: saved,
  });
}

/** PUT /api/tour-plans/:id: plan a saved plan again from corrected constraints. */
export function useRerunTourPlan() {
  const saved = usePlanSaved();
  return useMutation({
    mutationFn: ({ id, constraints }: { id: string; constraints: TTourConstraints }) =>
      apiRequest(planPath(id), {
        method: 'PUT',
        body: { constraints },
        schema: ZTourPlan,
        timeoutMs: PLANNING_TIMEOUT_MS,
      }),
    onSuccess: saved,
  });
}

/** PATCH /api/tour-plans/:id: rename (the answer's shape is not relied on: both reads refetch). */
export function useRenameTourPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest(planPath(id), { method: 'PATCH', body: { name } }),
    onSuccess: (_, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tourPlanKeys.list() }),
        queryClient.invalidateQueries({ queryKey: tourPlanKeys.detail(id) }),
      ]),
  });
}

/** DELETE /api/tour-plans/:id (204). */
export function useDeleteTourPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(planPath(id), { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: tourPlanKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: tourPlanKeys.list() });
    },
  });
}
